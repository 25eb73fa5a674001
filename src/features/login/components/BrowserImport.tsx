import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { BROWSER_GUIDES, detectBrowser, type BrowserId } from '../browsers';

/** Tabs with the import steps for each browser (WAI-ARIA tabs: arrow keys, Home, End). */
export function BrowserImport() {
  const baseId = useId();
  const [selected, setSelected] = useState<BrowserId>(() =>
    detectBrowser(typeof navigator === 'undefined' ? '' : navigator.userAgent),
  );
  const tabs = useRef(new Map<BrowserId, HTMLButtonElement>());

  const select = (id: BrowserId) => {
    setSelected(id);
    tabs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = BROWSER_GUIDES.length;
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const target = next[event.key];
    const guide = target === undefined ? undefined : BROWSER_GUIDES[target];
    if (!guide) return;
    event.preventDefault();
    select(guide.id);
  };

  return (
    <div className="login-browsers">
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Browser">
          {BROWSER_GUIDES.map((guide, index) => (
            <div className="p-tabs__item" key={guide.id}>
              <button
                type="button"
                role="tab"
                className="p-tabs__link"
                id={`${baseId}-tab-${guide.id}`}
                aria-selected={selected === guide.id}
                aria-controls={`${baseId}-panel-${guide.id}`}
                tabIndex={selected === guide.id ? 0 : -1}
                ref={(node) => {
                  if (node) tabs.current.set(guide.id, node);
                  else tabs.current.delete(guide.id);
                }}
                onClick={() => {
                  select(guide.id);
                }}
                onKeyDown={(event) => {
                  onKeyDown(event, index);
                }}
              >
                {guide.name}
              </button>
            </div>
          ))}
        </div>
      </div>
      {BROWSER_GUIDES.map((guide) => (
        <div
          key={guide.id}
          role="tabpanel"
          id={`${baseId}-panel-${guide.id}`}
          aria-labelledby={`${baseId}-tab-${guide.id}`}
          hidden={selected !== guide.id}
        >
          <ol className="login-steps">
            {guide.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
