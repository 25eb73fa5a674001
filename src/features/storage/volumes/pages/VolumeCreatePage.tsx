import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '../../../../shared/routing/router';
import { useAuth } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { VolumeForm } from '../components/VolumeForm';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { fieldContext, newVolumeValues, valuesToPostBody } from '../form';
import { useCreateVolume, volumePoolsQuery } from '../queries';
import { isLocalDriver, volumePath } from '../rules';
import '../../../../shared/pages/pages.scss';
import '../volumes.scss';

/** /ui/project/{project}/storage/volumes/create[?pool=]: the volume form; then the volume. */
export function VolumeCreatePage() {
  const { project = '' } = useParams();
  const [params] = useSearchParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const pools = useQuery(volumePoolsQuery(project));
  const createReason = usePermissions().inProject(project, 'createStorageVolumes');
  const create = useCreateVolume(project);
  const [initial] = useState(() => ({ ...newVolumeValues(params.get('pool') ?? ''), member: '' }));

  return (
    <section className="page volume-page" aria-labelledby="volume-create-heading">
      <nav aria-label="Breadcrumb" className="page-breadcrumb">
        <Link to={paths.storageVolumes(project)}>Volumes</Link>
      </nav>
      <PageHeader title={<span id="volume-create-heading">Create a volume</span>} />
      {pools.isPending && <Loader text="Loading pools…" />}
      {pools.error && (
        <ErrorNotice
          title="Could not load the storage pools"
          error={pools.error}
          onRetry={() => void pools.refetch()}
        />
      )}
      {pools.data && (
        <VolumeForm
          mode="create"
          project={project}
          initial={initial}
          pools={pools.data}
          extensions={auth.server.api_extensions}
          readOnlyReason={createReason}
          onCancel={() => void navigate(paths.storageVolumes(project))}
          onSubmit={async (values, pool) => {
            const body = valuesToPostBody(
              values,
              fieldContext(pool, values, auth.server.api_extensions),
            );
            const member = auth.isClustered && isLocalDriver(pool?.driver) ? values.member : '';
            await create.mutateAsync({ pool: values.pool, body, target: member || undefined });
            const to = volumePath(
              project,
              { name: body.name, type: 'custom', pool: values.pool, location: member },
              auth.isClustered,
            );
            notify.success('Volume created', `Volume ${body.name} was created.`, [
              { label: body.name, to },
            ]);
            void navigate(to);
          }}
          placement={auth.isClustered}
        />
      )}
    </section>
  );
}
