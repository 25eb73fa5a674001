import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WithEtag } from '../../../lxd/client';
import type { LxdNetwork, LxdNetworkLoadBalancer } from '../../../lxd/types/network';
import { useVersionedEdit } from '../../../shared/forms';
import { useNotify } from '../../../shared/notifications';
import { GatedButton } from '../../../shared/ui/Gated';
import type { ListColumn } from '../../../shared/ui/list';
import { Loader } from '../../../shared/ui/Loader';
import { ErrorNotice } from '../../../shared/ui/States';
import { forwardMember } from '../listeners/rules';
import { lines, ListenersTab } from '../listeners/ListenersTab';
import { useAddressOptions } from '../listeners/queries';
import type { NetworkTabProps } from '../networks';
import {
  backendSummary,
  lbPortSummary,
  lbToValues,
  newLbValues,
  valuesToLbPost,
  valuesToLbPut,
  type LbFormValues,
} from './form';
import { LoadBalancerForm } from './LoadBalancerForm';
import {
  loadBalancerQuery,
  loadBalancersQuery,
  useCreateLoadBalancer,
  useDeleteLoadBalancer,
  useUpdateLoadBalancer,
} from './queries';

const COLUMNS: ListColumn<LxdNetworkLoadBalancer>[] = [
  {
    id: 'backends',
    header: 'Backends',
    cell: (lb) => lines((lb.backends ?? []).map(backendSummary)),
  },
  { id: 'ports', header: 'Ports', cell: (lb) => lines((lb.ports ?? []).map(lbPortSummary)) },
];

type Editing = { kind: 'create' } | { kind: 'edit'; address: string; member: string | undefined };

interface EditorProps {
  project: string;
  network: LxdNetwork;
  onDone: () => void;
}

function CreateLoadBalancer({ project, network, onDone }: EditorProps) {
  const notify = useNotify();
  const options = useAddressOptions(project, network.name, network);
  const create = useCreateLoadBalancer(project, network.name);
  return (
    <LoadBalancerForm
      mode="create"
      initial={newLbValues()}
      {...options}
      onCancel={onDone}
      onSubmit={async (values: LbFormValues) => {
        const body = valuesToLbPost(values);
        await create.mutateAsync({ body });
        notify.success(
          'Load balancer created',
          `Load balancer ${body.listen_address} on ${network.name} was created.`,
        );
        onDone();
      }}
    />
  );
}

function EditLoadBalancer({
  project,
  network,
  member,
  latest,
  onDone,
}: EditorProps & { member: string | undefined; latest: WithEtag<LxdNetworkLoadBalancer> }) {
  const notify = useNotify();
  const client = useQueryClient();
  const options = useAddressOptions(project, network.name, network);
  const address = latest.listen_address;
  const update = useUpdateLoadBalancer(project, network.name, address, member);
  const edit = useVersionedEdit<WithEtag<LxdNetworkLoadBalancer>, LbFormValues>({
    what: 'load balancer',
    latest,
    fetchLatest: () =>
      client.query({ ...loadBalancerQuery(project, network.name, address, member), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      update.mutate(
        { body: valuesToLbPut(values), etag },
        {
          onSuccess: () => {
            notify.success('Load balancer updated', `Load balancer ${address} was saved.`);
            onSaved();
            onDone();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });
  return (
    <LoadBalancerForm
      key={edit.formKey}
      mode="edit"
      initial={lbToValues(edit.base)}
      {...options}
      busy={update.isPending}
      onCancel={onDone}
      onSubmit={edit.save}
      onDirtyChange={edit.onDirtyChange}
      notice={edit.notice}
    />
  );
}

function EditLoader(props: EditorProps & { address: string; member: string | undefined }) {
  const lb = useQuery(
    loadBalancerQuery(props.project, props.network.name, props.address, props.member),
  );
  if (lb.isPending) return <Loader text="Loading load balancer…" />;
  if (lb.error) {
    return (
      <>
        <ErrorNotice
          title="Could not load the load balancer"
          error={lb.error}
          onRetry={() => void lb.refetch()}
        />
        <button type="button" className="p-button" onClick={props.onDone}>
          Back to the load balancers
        </button>
      </>
    );
  }
  return <EditLoadBalancer {...props} latest={lb.data} />;
}

/**
 * The network detail's Load balancers tab (servers with `network_load_balancer`): listen
 * address, backends, ports and description of each, with create, edit (in the tab) and delete.
 * LXD's reference has no state call for a load balancer, so none is shown.
 */
export function LoadBalancersTab({ project, network, editReason }: NetworkTabProps) {
  const [editing, setEditing] = useState<Editing>();
  const balancers = useQuery(loadBalancersQuery(project, network.name));
  const remove = useDeleteLoadBalancer(project, network.name);
  const done = () => {
    setEditing(undefined);
  };

  if (editing?.kind === 'create') {
    return <CreateLoadBalancer project={project} network={network} onDone={done} />;
  }
  if (editing?.kind === 'edit') {
    return <EditLoader {...editing} project={project} network={network} onDone={done} />;
  }
  return (
    <ListenersTab<LxdNetworkLoadBalancer>
      id="network-load-balancers"
      noun={{ one: 'load balancer', other: 'load balancers' }}
      network={network}
      query={balancers}
      ownColumns={COLUMNS}
      editReason={editReason}
      edit={(lb, label) => (
        <GatedButton
          className="p-button is-dense"
          aria-label={label}
          reason={editReason}
          onClick={() => {
            setEditing({ kind: 'edit', address: lb.listen_address, member: forwardMember(lb) });
          }}
        >
          Edit
        </GatedButton>
      )}
      remove={(lb) => remove.mutateAsync({ address: lb.listen_address, member: forwardMember(lb) })}
      create={
        <GatedButton
          className="p-button--positive"
          reason={editReason}
          onClick={() => {
            setEditing({ kind: 'create' });
          }}
        >
          Create load balancer
        </GatedButton>
      }
      empty={`A load balancer spreads traffic arriving at a listen address over several backends (instance addresses) on ${network.name}.`}
    />
  );
}
