/**
 * The command palette's place in the shell: the registry pages put their actions in, the keys
 * (Ctrl/⌘+K anywhere, `?` outside a text field), the status bar's buttons, and the dialogs (the
 * palette, the keyboard map, the recent changes as commands).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../../../shared/auth/context';
import {
  CommandPalette,
  createPaletteRegistry,
  isKeyboardMapKey,
  isPaletteKey,
  KeyboardMap,
  PaletteRegistryContext,
  RecentCommands,
  RECENT_COMMANDS_TITLE,
  useRegisteredActions,
  type PaletteGroup,
  type PaletteOption,
} from '../../../shared/palette';
import { navEntries, paletteSources } from '../../features';
import { screenOptions } from './screens';

type Open = 'palette' | 'keys' | 'commands' | undefined;

/** Lets the screens below register their palette actions (usePaletteActions). */
export function PaletteProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(createPaletteRegistry);
  return (
    <PaletteRegistryContext.Provider value={registry}>{children}</PaletteRegistryContext.Provider>
  );
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
export const PALETTE_KEY_TEXT = IS_MAC ? '⌘+K' : 'Ctrl+K';

/** Another modal dialog is open: `?` leaves it alone. */
const modalOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

/** The status bar's palette and commands buttons, the keys, and the dialogs they open. */
export function PaletteControls({ project }: { project: string | undefined }) {
  const [open, setOpen] = useState<Open>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isPaletteKey(event)) {
        // Before the browser's own Ctrl+K and any field's handler.
        event.preventDefault();
        event.stopPropagation();
        setOpen((current) => (current === 'palette' ? undefined : 'palette'));
      } else if (isKeyboardMapKey(event) && !modalOpen()) {
        event.preventDefault();
        setOpen('keys');
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  const close = () => setOpen(undefined);

  return (
    <>
      <button
        type="button"
        className="p-button--base is-dense status-bar__palette"
        onClick={() => setOpen('palette')}
      >
        Command palette <kbd>{PALETTE_KEY_TEXT}</kbd>
      </button>
      <button type="button" className="p-button--base is-dense" onClick={() => setOpen('commands')}>
        Commands
      </button>
      {open === 'palette' && <OpenPalette project={project} onClose={close} onOpen={setOpen} />}
      {open === 'keys' && <KeyboardMap onClose={close} />}
      {open === 'commands' && <RecentCommands onClose={close} />}
    </>
  );
}

function OpenPalette({
  project,
  onClose,
  onOpen,
}: {
  project: string | undefined;
  onClose: () => void;
  onOpen: (open: Open) => void;
}) {
  const auth = useAuth();
  const registered = useRegisteredActions();
  const resourceProject = project ?? auth.defaultProject;
  // paletteSources is a constant list: the same hooks in the same order on every render.
  const resources: PaletteGroup[] = paletteSources.map((source) => {
    const { options, loading } = source.useOptions(resourceProject);
    return { label: source.group, options, loading, limit: 10 };
  });
  const actions = useMemo((): PaletteOption[] => {
    const own: PaletteOption[] = registered.map((action) => ({
      id: action.id,
      label: action.label,
      reason: action.reason,
      shortcut: action.shortcut,
      keywords: action.keywords,
      run: action.run,
    }));
    return [
      ...own,
      {
        id: 'app:keyboard-shortcuts',
        label: 'Show keyboard shortcuts',
        shortcut: '?',
        keywords: 'help keys',
        run: () => onOpen('keys'),
      },
      {
        id: 'app:recent-commands',
        label: `Show ${RECENT_COMMANDS_TITLE.toLowerCase()}`,
        keywords: 'lxc incus rest api cli history',
        run: () => onOpen('commands'),
      },
    ];
  }, [registered, onOpen]);
  const screens = useMemo(() => screenOptions(navEntries, auth, project), [auth, project]);
  const groups: PaletteGroup[] = [
    { label: 'Actions', options: actions, limit: 30 },
    { label: 'Screens', options: screens, limit: 30 },
    ...resources,
  ];
  return <CommandPalette groups={groups} onClose={onClose} />;
}
