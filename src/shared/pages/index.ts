/**
 * Pages as declarations: a resource's list page (listPage), its detail page with tabs in the
 * path (detailPage), the tab bar, and the bulk-action runner. See docs/ARCHITECTURE.md,
 * "Adding a resource".
 */
export { usePageContext, type PageContext } from './context';
export {
  listPage,
  listRows,
  type CreateAction,
  type ListPageDeclaration,
  type ListTableHooks,
  type ListPageVariant,
  type ListRows,
} from './ListPage';
export {
  detailPage,
  type DetailContext,
  type DetailPageDeclaration,
  type DetailTab,
} from './DetailPage';
export { TabBar, TabPanel, type TabLink } from './TabBar';
export { bulkFailures, bulkSummary, runBulk, type BulkOutcome } from './bulk';
