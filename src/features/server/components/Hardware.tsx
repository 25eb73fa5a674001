import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../shared/auth/context';
import { canOnServer, type WithEntitlements } from '../../../shared/permissions/entitlements';
import { Loader } from '../../../shared/ui/Loader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { resourcesQuery } from '../queries';
import { CpuSection, MemorySection } from './CpuMemory';
import { DeviceSections } from './Devices';
import '../server.scss';

export const NO_RESOURCES_PERMISSION =
  'You do not have permission to view the hardware of this server';

/** Hardware and capacity of the server (or of one cluster member) from GET /1.0/resources. */
export function Hardware({ target, children }: { target?: string; children?: ReactNode }) {
  const auth = useAuth();
  const allowed = canOnServer(auth.isFineGrained, 'viewResources', auth.server as WithEntitlements);
  const resources = useQuery({ ...resourcesQuery(target), enabled: allowed });

  let content: ReactNode;
  if (!allowed) {
    content = (
      <EmptyState title="Hardware">
        <p>{NO_RESOURCES_PERMISSION}.</p>
      </EmptyState>
    );
  } else if (resources.isPending) {
    content = <Loader text="Loading hardware…" />;
  } else if (resources.error) {
    content = (
      <ErrorNotice
        title="Could not load the hardware of this server"
        error={resources.error}
        onRetry={() => void resources.refetch()}
      />
    );
  } else {
    return (
      <div className="server-grid">
        {children}
        <CpuSection cpu={resources.data.cpu} />
        <MemorySection memory={resources.data.memory} />
        <DeviceSections resources={resources.data} />
      </div>
    );
  }
  return (
    <div className="server-grid">
      {children}
      <div className="server-card--wide">{content}</div>
    </div>
  );
}
