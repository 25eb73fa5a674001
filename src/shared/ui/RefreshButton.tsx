/** Refetches a page's data on demand; says so while the request runs. */
export function RefreshButton({
  fetching,
  onRefresh,
}: {
  fetching: boolean;
  onRefresh: () => void;
}) {
  return (
    <button type="button" className="p-button" aria-busy={fetching} onClick={onRefresh}>
      {fetching ? 'Refreshing…' : 'Refresh'}
    </button>
  );
}
