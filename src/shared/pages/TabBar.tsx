/**
 * The tabs of a page, each a link to its own address (`…/{activeTab}`), and the panel they
 * control: a tablist named for the page ("Profile views"), the current tab selected.
 */
import type { ReactNode } from 'react';
import { Link } from '../routing/router';
import './pages.scss';

export interface TabLink {
  id: string;
  label: string;
  to: string;
}

export function TabBar({
  label,
  tabs,
  current,
  idPrefix,
}: {
  /** The tablist's accessible name. */
  label: string;
  tabs: readonly TabLink[];
  current: string;
  /** Makes the ids of the tabs and of their panel: `{idPrefix}-tab-{id}`, `{idPrefix}-tab-panel`. */
  idPrefix: string;
}) {
  return (
    <div className="p-tabs">
      <div className="p-tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <div className="p-tabs__item" key={tab.id}>
            <Link
              className="p-tabs__link"
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={tab.id === current}
              aria-controls={`${idPrefix}-tab-panel`}
              to={tab.to}
            >
              {tab.label}
            </Link>
          </div>
        ))}
      </div>
    </div>
  );
}

export function TabPanel({
  idPrefix,
  current,
  className,
  children,
}: {
  idPrefix: string;
  current: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-tab-panel`}
      aria-labelledby={`${idPrefix}-tab-${current}`}
      className={className}
    >
      {children}
    </div>
  );
}
