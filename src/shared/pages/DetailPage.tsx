/**
 * A resource's page as a declaration: its query, header (breadcrumb, title, a summary line,
 * actions), the loading, error and not-found states, and tabs always addressed in the path
 * (`…/{activeTab}[/{section}]`; the first tab has no segment). An unknown tab, or a section the
 * tab does not have, goes back to the page's address; an old address with `?tab={id}` goes to
 * the tab's own address.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, Suspense, type ReactNode } from 'react';
import { isNotFound } from '../../lxd/client';
import { Link, Navigate, useSearchParams } from '../routing/router';
import { Loader } from '../ui/Loader';
import { EmptyState, ErrorNotice } from '../ui/States';
import { usePageContext, type PageContext } from './context';
import { TabBar, TabPanel } from './TabBar';
import './pages.scss';

export interface DetailContext extends PageContext {
  /** The `name` parameter: what the page shows. */
  name: string;
  /** The tab in the path, undefined for the first. */
  activeTab: string | undefined;
  section: string | undefined;
  /** The address's search (`?member=` of a bucket): paths may keep what they need of it. */
  search: URLSearchParams;
}

export interface DetailTab<D> {
  id: string;
  label: string;
  /** The sections the tab takes after it in the path; none when absent. */
  sections?: (data: D, context: DetailContext) => readonly string[];
  render: (data: D, context: DetailContext) => ReactNode;
}

export interface DetailPageDeclaration<D> {
  /** How the page names its object: "profile" ("Loading profile…", "Profile x not found"). */
  noun: string;
  /** The tablist's accessible name: "Profile views". */
  tabsLabel: string;
  /** The tab ids' prefix (`{idPrefix}-tab-{id}`) and the page's class (`{idPrefix}-page`). */
  idPrefix: string;
  useDetail: (context: DetailContext) => UseQueryResult<D>;
  /** The list the breadcrumb leads back to. */
  parent?: (context: DetailContext) => { label: string; to: string };
  /** More after the parent in the breadcrumb ("Volumes / Pool default"); a link when it has `to`. */
  trail?: (context: DetailContext) => readonly { label: string; to?: string }[];
  /** The heading; the name by default. */
  title?: (context: DetailContext, data: D | undefined) => ReactNode;
  /** A line under the heading. */
  summary?: (data: D, context: DetailContext) => ReactNode;
  actions?: (data: D, context: DetailContext) => ReactNode;
  /** Replaces the whole header (breadcrumb, heading, actions). */
  header?: (data: D, context: DetailContext) => ReactNode;
  /** Before the panel, under the tabs (a note that the object is read-only). */
  notice?: (data: D, context: DetailContext) => ReactNode;
  tabs: readonly DetailTab<D>[] | ((data: D, context: DetailContext) => readonly DetailTab<D>[]);
  /** The address of a tab (undefined: the first) and section. */
  path: (context: DetailContext, tab?: string, section?: string) => string;
  /** The panel's class. */
  panelClassName?: string;
  /**
   * Why the server cannot show such an object (an API extension it lacks), if so: the page is
   * then its header and this note, and asks for nothing.
   */
  unavailable?: (context: DetailContext) => string | undefined;
}

function useDetailContext(): DetailContext {
  const page = usePageContext();
  const [search] = useSearchParams();
  return {
    ...page,
    name: page.params.name ?? '',
    activeTab: page.params.activeTab,
    section: page.params.section,
    search,
  };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function DetailHeader<D>({
  declaration,
  context,
  data,
}: {
  declaration: DetailPageDeclaration<D>;
  context: DetailContext;
  data: D | undefined;
}) {
  if (data !== undefined && declaration.header) return <>{declaration.header(data, context)}</>;
  const parent = declaration.parent?.(context);
  return (
    <header className="page-header">
      <div>
        {parent && (
          <nav aria-label="Breadcrumb" className="page-breadcrumb">
            <Link to={parent.to}>{parent.label}</Link>
            {declaration.trail?.(context).map((crumb) => (
              <Fragment key={crumb.label}>
                <span aria-hidden="true"> / </span>
                {crumb.to === undefined ? (
                  <span className="u-text--muted">{crumb.label}</span>
                ) : (
                  <Link to={crumb.to}>{crumb.label}</Link>
                )}
              </Fragment>
            ))}
          </nav>
        )}
        <h1 className="p-heading--4 page-header__title" id={`${declaration.idPrefix}-heading`}>
          {declaration.title?.(context, data) ?? context.name}
        </h1>
        {data !== undefined && declaration.summary && (
          <p className="page-summary u-text--muted">{declaration.summary(data, context)}</p>
        )}
      </div>
      {data !== undefined && declaration.actions && (
        <div className="page-header__actions">{declaration.actions(data, context)}</div>
      )}
    </header>
  );
}

function DetailBody<D>({
  declaration,
  context,
}: {
  declaration: DetailPageDeclaration<D>;
  context: DetailContext;
}) {
  const query = declaration.useDetail(context);
  const { name, noun } = { name: context.name, noun: declaration.noun };
  const header = <DetailHeader declaration={declaration} context={context} data={query.data} />;

  if (query.isPending) {
    return (
      <>
        {header}
        <Loader text={`Loading ${noun}…`} />
      </>
    );
  }
  if (query.isError) {
    const parent = declaration.parent?.(context);
    return (
      <>
        {header}
        {isNotFound(query.error) ? (
          <EmptyState title={`${capitalized(noun)} ${name} not found`}>
            <p>
              It may have been deleted or renamed.
              {parent && (
                <>
                  {' '}
                  <Link to={parent.to}>Back to {parent.label.toLowerCase()}</Link>
                </>
              )}
            </p>
          </EmptyState>
        ) : (
          <ErrorNotice
            title={`Could not load the ${noun}`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  }

  const data = query.data;
  const tabs =
    typeof declaration.tabs === 'function' ? declaration.tabs(data, context) : declaration.tabs;
  const first = tabs[0];
  const legacyTab = context.activeTab === undefined ? context.search.get('tab') : null;
  if (legacyTab !== null && legacyTab !== first?.id && tabs.some((t) => t.id === legacyTab)) {
    return <Navigate to={declaration.path(context, legacyTab)} replace />;
  }
  const tab =
    context.activeTab === undefined ? first : tabs.find((t) => t.id === context.activeTab);
  const sectionOk =
    context.section === undefined ||
    (tab?.sections?.(data, context).includes(context.section) ?? false);
  if (!tab || !first || !sectionOk) {
    return <Navigate to={declaration.path(context)} replace />;
  }
  const links = tabs.map((t) => ({
    id: t.id,
    label: t.label,
    to: declaration.path(context, t.id === first.id ? undefined : t.id),
  }));
  return (
    <>
      {header}
      <TabBar
        label={declaration.tabsLabel}
        tabs={links}
        current={tab.id}
        idPrefix={declaration.idPrefix}
      />
      {declaration.notice?.(data, context)}
      <TabPanel
        idPrefix={declaration.idPrefix}
        current={tab.id}
        className={declaration.panelClassName}
      >
        <Suspense fallback={<Loader text="Loading…" />}>{tab.render(data, context)}</Suspense>
      </TabPanel>
    </>
  );
}

/** The page component of a declaration (a route's Component). */
export function detailPage<D>(declaration: DetailPageDeclaration<D>) {
  function DetailPage() {
    const context = useDetailContext();
    const unavailable = declaration.unavailable?.(context);
    return (
      <section
        className={`page detail-page ${declaration.idPrefix}-page`}
        aria-labelledby={declaration.header ? undefined : `${declaration.idPrefix}-heading`}
      >
        {unavailable === undefined ? (
          <DetailBody declaration={declaration} context={context} />
        ) : (
          <>
            <DetailHeader declaration={declaration} context={context} data={undefined} />
            <p className="page-note" role="note">
              {unavailable}
            </p>
          </>
        )}
      </section>
    );
  }
  return DetailPage;
}
