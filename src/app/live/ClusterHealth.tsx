import { lazy, Suspense } from 'react';
import { useAuth } from '../../shared/auth/context';

/** The watch's code (cluster queries and calls) loads only for a clustered server. */
const ClusterWatch = lazy(() => import('./ClusterWatch'));

/** In a cluster: watches the members and says in the status bar when one is offline. */
export function ClusterHealth() {
  const { isClustered } = useAuth();
  return isClustered ? (
    <Suspense fallback={null}>
      <ClusterWatch />
    </Suspense>
  ) : null;
}
