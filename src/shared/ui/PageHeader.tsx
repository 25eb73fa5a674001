import type { ReactNode } from 'react';

/** The title row of a screen: an h1 and the screen's main actions. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1 className="p-heading--4 page-header__title">{title}</h1>
      {children && <div className="page-header__actions">{children}</div>}
    </header>
  );
}
