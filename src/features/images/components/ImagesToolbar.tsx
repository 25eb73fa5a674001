import { useId, type ReactNode } from 'react';

/** Search, the all-projects switch and the bulk actions. */
export function ImagesToolbar({
  search,
  onSearch,
  allProjects,
  onAllProjects,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  allProjects: boolean;
  onAllProjects: (on: boolean) => void;
  children?: ReactNode;
}) {
  const searchId = useId();
  return (
    <div className="images-toolbar">
      <form
        className="p-search-box images-search"
        role="search"
        onSubmit={(event) => {
          // The list filters as you type; Enter has nothing more to do.
          event.preventDefault();
        }}
      >
        <label className="u-off-screen" htmlFor={searchId}>
          Search images
        </label>
        <input
          id={searchId}
          type="search"
          className="p-search-box__input"
          placeholder="Search images"
          autoComplete="off"
          value={search}
          onChange={(event) => {
            onSearch(event.target.value);
          }}
        />
        {search && (
          <button
            type="button"
            className="p-search-box__reset"
            aria-label="Clear search"
            onClick={() => {
              onSearch('');
            }}
          >
            <i className="p-icon--close" aria-hidden="true" />
          </button>
        )}
        <button type="submit" className="p-search-box__button" aria-label="Search">
          <i className="p-icon--search" aria-hidden="true" />
        </button>
      </form>
      <label className="p-switch images-all-projects">
        <input
          type="checkbox"
          className="p-switch__input"
          role="switch"
          checked={allProjects}
          onChange={(event) => {
            onAllProjects(event.target.checked);
          }}
        />
        <span className="p-switch__slider" />
        <span className="p-switch__label">All projects</span>
      </label>
      {children}
    </div>
  );
}
