import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from '../../../../shared/routing/router';
import { useAuth } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { clusterMembersQuery } from '../../../cluster';
import { CreateFailedNotice } from '../components/FanOutNotice';
import { PoolForm } from '../components/PoolForm';
import { defaultDriver, driverOptions } from '../drivers';
import { createRequests, newPoolValues, type PoolFormValues } from '../form';
import { useCreatePool } from '../queries';
import { useCreatePoolReason } from '../usePoolPermissions';
import '../../../../shared/pages/pages.scss';
import '../pools.scss';

/** /ui/project/{project}/storage/pools/create: the pool form; then the new pool. */
export function PoolCreatePage() {
  const { project = '' } = useParams();
  const { server, isClustered } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreatePool();
  const readOnlyReason = useCreatePoolReason();
  const members = useQuery({ ...clusterMembersQuery, enabled: isClustered });
  const drivers = useMemo(
    () => driverOptions(server.environment?.storage_supported_drivers),
    [server],
  );
  const memberNames = useMemo(
    () => (members.data ?? []).map((member) => member.server_name).sort(),
    [members.data],
  );
  const [attempted, setAttempted] = useState('');

  const submit = async (values: PoolFormValues) => {
    const requests = createRequests(values, { mode: 'create', members: memberNames });
    setAttempted(requests.body.name);
    await create.mutateAsync(requests);
    notify.success('Storage pool created', `Storage pool ${requests.body.name} was created.`);
    void navigate(paths.storagePool(project, requests.body.name));
  };

  const ready = !isClustered || members.data !== undefined;
  return (
    <section className="page pool-page" aria-labelledby="pool-create-heading">
      <PageHeader title={<span id="pool-create-heading">Create a storage pool</span>} />
      {isClustered && members.isPending && <Loader text="Loading cluster members…" />}
      {isClustered && members.error && (
        <ErrorNotice
          title="Could not load the cluster members"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
      {ready && (
        <PoolForm
          mode="create"
          initial={newPoolValues(defaultDriver(drivers), memberNames)}
          members={memberNames}
          drivers={drivers}
          onSubmit={submit}
          readOnlyReason={readOnlyReason}
          onCancel={() => void navigate(paths.storagePools(project))}
          failure={(error, clear) => (
            <CreateFailedNotice
              name={attempted}
              error={error}
              onDeleted={() => {
                notify.success(
                  'Storage pool deleted',
                  `Pending storage pool ${attempted} was deleted.`,
                );
                clear();
              }}
            />
          )}
        />
      )}
    </section>
  );
}
