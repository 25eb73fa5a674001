/** A member's status as a Vanilla status label. */
export function MemberStatus({ status }: { status: string }) {
  const tone =
    status === 'Online'
      ? 'p-status-label--positive'
      : status === 'Evacuated' || status === 'Blocked'
        ? 'p-status-label--caution'
        : 'p-status-label--negative';
  return <span className={tone}>{status}</span>;
}
