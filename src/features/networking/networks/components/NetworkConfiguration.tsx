import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../../shared/routing/router';
import type { WithEtag } from '../../../../lxd/client';
import type { LxdNetwork } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { clusterMembersQuery } from '../../../cluster';
import type { NetworkSectionId } from '../fields';
import { cleanConfig, memberWrites, networkToValues, type NetworkFormValues } from '../form';
import { networkQuery, useNetworkEditReason, useUpdateNetwork } from '../queries';
import { NetworkForm } from './NetworkForm';

type Network = WithEtag<LxdNetwork>;

/**
 * The configuration tab. The form keeps the version it was opened with (its ETag goes back
 * as If-Match; 412 says someone else changed it and keeps the form); while the user has no
 * edits it follows changes made elsewhere. In a cluster the members' own keys are read from
 * each member's view first. It is read-only when the identity may not edit the network.
 */
export function NetworkConfiguration(props: {
  project: string;
  latest: Network;
  section: NetworkSectionId;
}) {
  const { isClustered } = useAuth();
  const members = useQuery({ ...clusterMembersQuery, enabled: isClustered });
  const names = (members.data ?? []).map((member) => member.server_name).sort();
  const views = useQueries({
    queries: names.map((member) => networkQuery(props.project, props.latest.name, member)),
  });
  if (isClustered && (members.isPending || views.some((view) => view.isPending))) {
    return <Loader text="Loading the members' configuration…" />;
  }
  const failed = members.error ?? views.find((view) => view.error)?.error;
  if (failed) {
    return <ErrorNotice title="Could not load the members' configuration" error={failed} />;
  }
  const memberViews = Object.fromEntries(
    names.flatMap((member, i) => {
      const data = views[i]?.data;
      return data ? [[member, data] as const] : [];
    }),
  );
  return <VersionedNetworkForm {...props} members={names} memberViews={memberViews} />;
}

function VersionedNetworkForm({
  project,
  latest,
  section,
  members,
  memberViews,
}: {
  project: string;
  latest: Network;
  section: NetworkSectionId;
  members: string[];
  memberViews: Record<string, LxdNetwork>;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  // Read-only when the identity may not edit the network (spec §6: the network as listed).
  const readOnlyReason = useNetworkEditReason(project, latest.name);
  const clustered = members.length > 0;
  const update = useUpdateNetwork(project, latest.name);
  const edit = useVersionedEdit<Network, NetworkFormValues>({
    what: 'network',
    latest,
    fetchLatest: () => client.query({ ...networkQuery(project, latest.name), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      update.mutate(
        {
          body: { description: values.description, config: cleanConfig(values.config) },
          members: clustered ? memberWrites(values, networkToValues(edit.base, memberViews)) : [],
          clustered,
          etag,
        },
        {
          onSuccess: () => {
            notify.success('Network updated', `Network ${latest.name} was saved.`);
            onSaved();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });
  const base = networkToValues(edit.base, memberViews);

  return (
    <NetworkForm
      key={edit.formKey}
      mode="edit"
      project={project}
      initial={base}
      types={[]}
      members={members}
      section={section}
      onSectionChange={(next) =>
        void navigate(paths.network(project, latest.name, 'configuration', next))
      }
      onSubmit={edit.save}
      busy={update.isPending}
      readOnlyReason={readOnlyReason}
      onDirtyChange={edit.onDirtyChange}
      notice={edit.notice}
    />
  );
}
