/**
 * The list's migrate and copy dialogs load on first use: they carry the configuration-form code
 * (react-hook-form, YAML, pickers), which must not weigh on the list's first screen.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { importWithRetry } from '../../../shared/routing/lazy';
import { Loader } from '../../../shared/ui/Loader';

const Move = lazy(() =>
  importWithRetry(() => import('./MoveModal')).then((module) => ({ default: module.MoveModal })),
);
const Copy = lazy(() =>
  importWithRetry(() => import('./BulkCopyModal')).then((module) => ({
    default: module.BulkCopyModal,
  })),
);

export function LazyMoveModal(props: ComponentProps<typeof Move>) {
  return (
    <Suspense fallback={<Loader text="Loading…" />}>
      <Move {...props} />
    </Suspense>
  );
}

export function LazyBulkCopyModal(props: ComponentProps<typeof Copy>) {
  return (
    <Suspense fallback={<Loader text="Loading…" />}>
      <Copy {...props} />
    </Suspense>
  );
}
