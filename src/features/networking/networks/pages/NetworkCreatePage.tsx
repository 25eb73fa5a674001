import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from '../../../../shared/routing/router';
import { useAuth } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { clusterMembersQuery } from '../../../cluster';
import { NetworkForm } from '../components/NetworkForm';
import { memberWrites, newNetworkValues, valuesToBody, type NetworkFormValues } from '../form';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { networksQuery, useCreateNetwork } from '../queries';
import { creatableNetworkTypes, NETWORK_MESSAGES } from '../rules';
import '../networks.scss';

/** /ui/project/{project}/networks/create: the network form; then the new network. */
export function NetworkCreatePage() {
  const { project = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const networks = useQuery(networksQuery(project, auth.isFineGrained));
  const members = useQuery({ ...clusterMembersQuery, enabled: auth.isClustered });
  const createReason = usePermissions().inProject(project, 'createNetworks');
  const create = useCreateNetwork(project);

  const types = creatableNetworkTypes(
    auth.server,
    networks.data,
    auth.projects.find((candidate) => candidate.name === project),
  );
  const memberNames = useMemo(
    () => (members.data ?? []).map((member) => member.server_name).sort(),
    [members.data],
  );
  const ready = !networks.isPending && (!auth.isClustered || !members.isPending);
  const firstType = types[0] ?? 'bridge';
  const initial = useMemo(() => newNetworkValues(firstType, memberNames), [firstType, memberNames]);

  const submit = async (values: NetworkFormValues) => {
    const body = valuesToBody(values);
    await create.mutateAsync({
      body,
      members: auth.isClustered ? memberWrites(values, undefined) : [],
    });
    notify.success('Network created', `Network ${body.name} was created.`);
    void navigate(paths.network(project, body.name));
  };

  const readOnlyReason =
    createReason ?? (types.length === 0 ? NETWORK_MESSAGES.noTypes : undefined);

  return (
    <section className="page network-page" aria-labelledby="network-create-heading">
      <PageHeader title={<span id="network-create-heading">Create a network</span>} />
      {!ready && <Loader text="Loading…" />}
      {members.error && (
        <ErrorNotice
          title="Could not load the cluster members"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
      {ready && !members.error && (
        <NetworkForm
          key={`${firstType}:${memberNames.join(',')}`}
          mode="create"
          project={project}
          initial={initial}
          types={types}
          members={auth.isClustered ? memberNames : []}
          onSubmit={submit}
          readOnlyReason={readOnlyReason}
          onCancel={() => void navigate(paths.networks(project))}
        />
      )}
    </section>
  );
}
