import type { ReactNode } from 'react';

/**
 * The title row of a screen: an h1 and the screen's main actions; with a breadcrumb (the list a
 * create page belongs to) above the h1.
 */
export function PageHeader({
  title,
  breadcrumb,
  children,
}: {
  title: ReactNode;
  breadcrumb?: ReactNode;
  children?: ReactNode;
}) {
  const heading = <h1 className="p-heading--4 page-header__title">{title}</h1>;
  return (
    <header className="page-header">
      {breadcrumb ? (
        <div>
          <nav aria-label="Breadcrumb" className="page-breadcrumb">
            {breadcrumb}
          </nav>
          {heading}
        </div>
      ) : (
        heading
      )}
      {children && <div className="page-header__actions">{children}</div>}
    </header>
  );
}
