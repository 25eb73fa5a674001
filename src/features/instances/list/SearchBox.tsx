import { useId } from 'react';
import { removeFilterToken, tokenizeFilter } from './filter';

/** The search box with the parsed terms as removable chips below it. */
export function SearchBox({
  value,
  onChange,
}: {
  value: string;
  onChange: (next: string) => void;
}) {
  const inputId = useId();
  const helpId = useId();
  const tokens = tokenizeFilter(value);
  return (
    <div className="instances-search">
      <form
        className="p-search-box"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <label className="u-off-screen" htmlFor={inputId}>
          Search and filter instances
        </label>
        <input
          id={inputId}
          type="search"
          className="p-search-box__input"
          placeholder="Search and filter"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={helpId}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <button
          type="reset"
          className="p-search-box__reset"
          onClick={() => {
            onChange('');
          }}
        >
          <i className="p-icon--close">Clear search</i>
        </button>
        <button type="submit" className="p-search-box__button" tabIndex={-1}>
          <i className="p-icon--search">Search</i>
        </button>
      </form>
      <p className="p-form-help-text instances-search__help" id={helpId}>
        Filter with status:, type:, profile:, project:, location: or user.key=value; put - before a
        term to exclude it.
      </p>
      {tokens.length > 0 && (
        <ul className="instances-search__chips" aria-label="Active filters">
          {tokens.map((token, index) => (
            <li key={`${token.raw}-${index}`}>
              <span className="p-chip is-dense">
                <span className="p-chip__value">{token.raw}</span>
                <button
                  type="button"
                  className="p-chip__dismiss"
                  aria-label={`Remove filter ${token.raw}`}
                  onClick={() => {
                    onChange(removeFilterToken(value, index));
                  }}
                >
                  <i className="p-icon--close" aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
