import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loader } from '../../../../shared/ui/Loader';
import { Modal } from '../../../../shared/ui/Modal';
import { ErrorNotice } from '../../../../shared/ui/States';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

/**
 * An edit dialog that opens on a fresh read of its object (its ETag goes back as If-Match): the
 * dialog says it is loading, or why it could not, until the read made after it opened is in.
 */
export function FreshModal<T>({
  title,
  query,
  noun,
  onClose,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  /** "bucket": "Loading bucket…", "Could not load the bucket". */
  noun: string;
  onClose: () => void;
  children: (data: T) => ReactNode;
}) {
  const close = useStableCallback(onClose);
  // The form opens on a fresh read, then keeps the user's values through refreshes.
  if (query.data !== undefined && query.isFetchedAfterMount) return <>{children(query.data)}</>;
  return (
    <Modal title={title} onClose={close}>
      {query.error ? (
        <ErrorNotice
          title={`Could not load the ${noun}`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Loader text={`Loading ${noun}…`} />
      )}
    </Modal>
  );
}
