import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { Loader } from '../../../shared/ui/Loader';
import { DeniedState, ErrorNotice } from '../../../shared/ui/States';
import { resourcesQuery } from '../queries';
import { CpuSection, MemorySection } from './CpuMemory';
import { DeviceSections } from './Devices';
import '../server.scss';

/** Hardware and capacity of the server (or of one cluster member) from GET /1.0/resources. */
export function Hardware({ target, children }: { target?: string; children?: ReactNode }) {
  const denied = usePermissions().onServer('viewResources');
  const resources = useQuery({ ...resourcesQuery(target), enabled: denied === undefined });

  let content: ReactNode;
  if (denied) {
    content = <DeniedState title="Hardware" reason={denied} />;
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
