/**
 * The list's dialogs load on first use: migrate and copy carry the configuration-form code
 * (react-hook-form, YAML, pickers), and the confirmation of state changes and deletion is code no
 * first row needs. preloadListDialogs() fetches the confirmation once the list has painted, so
 * it opens at once (and still opens when the connection has dropped since).
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import type { InstanceActionModalProps } from './InstanceActionModal';
import type { InstanceRef } from './bulk';
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

const loadActionModal = () => importWithRetry(() => import('./InstanceActionModal'));
const ActionModal = lazy(() =>
  loadActionModal().then((module) => ({ default: module.InstanceActionModal })),
);

/** Starts loading the confirmation dialog's code (when the browser is idle). */
export function preloadListDialogs(): () => void {
  const load = () => {
    void loadActionModal().catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(load, 200);
  return () => clearTimeout(handle);
}

export function LazyInstanceActionModal<T extends InstanceRef>(props: InstanceActionModalProps<T>) {
  return (
    <Suspense fallback={<Loader text="Loading…" />}>
      <ActionModal {...props} />
    </Suspense>
  );
}

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
