import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { WithEtag } from '../../../lxd/client';
import type { LxdNetwork, LxdNetworkLoadBalancer } from '../../../lxd/types/network';
import { useAuth } from '../../../shared/auth/context';
import { useVersionedEdit } from '../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../shared/notifications';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../shared/ui/Gated';
import { Loader } from '../../../shared/ui/Loader';
import { ErrorNotice } from '../../../shared/ui/States';
import { ResourceList, useListView, type ListColumn } from '../../../shared/ui/list';
import type { NetworkTabProps } from '../forwards/ForwardsTab';
import { formNetworkStateQuery, instanceAddressesQuery } from '../forwards/queries';
import { forwardMember, instanceAddressOptions, networkAddressOptions } from '../forwards/rules';
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
import '../forwards/forwards.scss';
import './load-balancers.scss';

const NOUN = { one: 'load balancer', other: 'load balancers' };
const rowKey = (lb: LxdNetworkLoadBalancer) => `${lb.listen_address}@${forwardMember(lb) ?? ''}`;

const lines = (items: readonly string[]) =>
  items.length === 0 ? (
    '-'
  ) : (
    <ul className="forwards-tab__ports">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );

function columns(clustered: boolean): ListColumn<LxdNetworkLoadBalancer>[] {
  const list: ListColumn<LxdNetworkLoadBalancer>[] = [
    {
      id: 'listen-address',
      header: 'Listen address',
      width: 12,
      alwaysShown: true,
      rowHeader: true,
      sortValue: (lb) => lb.listen_address,
      cell: (lb) => lb.listen_address,
    },
    {
      id: 'backends',
      header: 'Backends',
      cell: (lb) => lines((lb.backends ?? []).map(backendSummary)),
    },
    {
      id: 'ports',
      header: 'Ports',
      cell: (lb) => lines((lb.ports ?? []).map(lbPortSummary)),
    },
    {
      id: 'description',
      header: 'Description',
      priority: 2,
      sortValue: (lb) => lb.description,
      cell: (lb) => <span title={lb.description}>{lb.description}</span>,
    },
  ];
  if (clustered) {
    list.push({
      id: 'location',
      header: 'Location',
      width: 9,
      sortValue: (lb) => forwardMember(lb) ?? '',
      cell: (lb) => forwardMember(lb) ?? '-',
    });
  }
  return list;
}

type Editing = { kind: 'create' } | { kind: 'edit'; address: string; member: string | undefined };

function useAddressOptions(project: string, network: LxdNetwork) {
  const state = useQuery(formNetworkStateQuery(project, network.name, network.managed));
  const instances = useQuery(instanceAddressesQuery(project));
  return {
    listenOptions: networkAddressOptions(network, state.data),
    targetOptions: instanceAddressOptions(instances.data ?? [], network.name),
  };
}

function CreateLoadBalancer({
  project,
  network,
  onDone,
}: {
  project: string;
  network: LxdNetwork;
  onDone: () => void;
}) {
  const notify = useNotify();
  const options = useAddressOptions(project, network);
  const create = useCreateLoadBalancer(project, network.name);
  const [initial] = useState(newLbValues);
  return (
    <LoadBalancerForm
      mode="create"
      initial={initial}
      {...options}
      busy={create.isPending}
      onCancel={onDone}
      onSubmit={(values: LbFormValues) => {
        const body = valuesToLbPost(values);
        create.mutate(body, {
          onSuccess: () => {
            notify.success(
              'Load balancer created',
              `Load balancer ${body.listen_address} on ${network.name} was created.`,
            );
            onDone();
          },
        });
      }}
      notice={
        create.error ? (
          <ErrorNotice title="Could not create the load balancer" error={create.error} />
        ) : undefined
      }
    />
  );
}

function EditLoadBalancer({
  project,
  network,
  member,
  latest,
  onDone,
}: {
  project: string;
  network: LxdNetwork;
  member: string | undefined;
  latest: WithEtag<LxdNetworkLoadBalancer>;
  onDone: () => void;
}) {
  const notify = useNotify();
  const client = useQueryClient();
  const options = useAddressOptions(project, network);
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

function EditLoader(props: {
  project: string;
  network: LxdNetwork;
  address: string;
  member: string | undefined;
  onDone: () => void;
}) {
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
 * address, backends, ports and description of each, with create, edit and delete. LXD's
 * reference has no state call for a load balancer, so none is shown.
 */
export function LoadBalancersTab({ project, network, editReason }: NetworkTabProps) {
  const { isClustered } = useAuth();
  const notify = useNotify();
  const [editing, setEditing] = useState<Editing>();
  const balancers = useQuery(loadBalancersQuery(project, network.name));
  const remove = useDeleteLoadBalancer(project, network.name);
  const cols = useMemo(() => columns(isClustered), [isClustered]);
  const view = useListView<LxdNetworkLoadBalancer>({
    id: 'network-load-balancers',
    rows: balancers.data,
    columns: cols,
    rowKey,
    defaultSort: { column: 'listen-address', direction: 'ascending' },
  });
  const rowActions = useCallback(
    (lb: LxdNetworkLoadBalancer) => {
      const address = lb.listen_address;
      const member = forwardMember(lb);
      return (
        <div className="forwards-tab__actions">
          <GatedButton
            className="p-button is-dense"
            aria-label={`Edit load balancer ${address}`}
            reason={editReason}
            onClick={() => {
              setEditing({ kind: 'edit', address, member });
            }}
          >
            Edit
          </GatedButton>
          <ConfirmButton
            label={
              <>
                Delete <span className="u-off-screen">load balancer {address}</span>
              </>
            }
            title={`Delete load balancer ${address}`}
            confirmLabel="Delete"
            danger
            className="p-button--negative is-dense"
            reason={editReason}
            message={
              <p>
                This will delete the load balancer of <strong>{address}</strong> on {network.name}.
              </p>
            }
            onConfirm={async () => {
              await remove.mutateAsync({ address, member });
              notify.success(
                'Load balancer deleted',
                `Load balancer ${address} on ${network.name} was deleted.`,
              );
            }}
          />
        </div>
      );
    },
    [network.name, remove, notify, editReason],
  );
  const done = () => {
    setEditing(undefined);
  };

  if (editing?.kind === 'create') {
    return <CreateLoadBalancer project={project} network={network} onDone={done} />;
  }
  if (editing?.kind === 'edit') {
    return (
      <EditLoader
        project={project}
        network={network}
        address={editing.address}
        member={editing.member}
        onDone={done}
      />
    );
  }

  const createButton = (
    <GatedButton
      className="p-button--positive"
      reason={editReason}
      onClick={() => {
        setEditing({ kind: 'create' });
      }}
    >
      Create load balancer
    </GatedButton>
  );
  return (
    <div className="load-balancers-tab">
      <ResourceList<LxdNetworkLoadBalancer>
        view={view}
        label={`Load balancers of ${network.name}`}
        noun={NOUN}
        query={balancers}
        rowLabel={(lb) => lb.listen_address}
        rowActions={rowActions}
        actionsWidth={12}
        rowHeight={null}
        toolbar={createButton}
        empty={{
          title: 'No load balancers yet',
          body: (
            <p>
              A load balancer spreads traffic arriving at a listen address over several backends
              (instance addresses) on {network.name}.
            </p>
          ),
          action: createButton,
        }}
      />
    </div>
  );
}
