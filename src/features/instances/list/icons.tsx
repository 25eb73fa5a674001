/** Small action icons (Vanilla's play/stop/pause/restart icons are not in the global CSS). */
const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  'aria-hidden': true,
  focusable: false,
  className: 'instance-action-icon',
} as const;

export function PlayIcon() {
  return (
    <svg {...common}>
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

export function StopIcon() {
  return (
    <svg {...common}>
      <rect x="3.5" y="3.5" width="9" height="9" rx="1" fill="currentColor" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg {...common}>
      <rect x="3.5" y="3" width="3" height="10" rx="0.5" fill="currentColor" />
      <rect x="9.5" y="3" width="3" height="10" rx="0.5" fill="currentColor" />
    </svg>
  );
}

export function RestartIcon() {
  return (
    <svg {...common}>
      <path
        d="M12.6 5.5A5 5 0 1 0 13 9.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <path d="M13.5 2v4.5H9z" fill="currentColor" />
    </svg>
  );
}
