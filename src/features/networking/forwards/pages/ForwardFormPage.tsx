import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../../../shared/routing/router';
import type { WithEtag } from '../../../../lxd/client';
import type { LxdNetworkForward } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { ForwardForm } from '../components/ForwardForm';
import {
  forwardToValues,
  newForwardValues,
  valuesToForwardPost,
  valuesToForwardPut,
  type ForwardFormValues,
} from '../form';
import {
  clusterMembersQuery,
  formNetworkQuery,
  formNetworkStateQuery,
  forwardQuery,
  instanceAddressesQuery,
  useCreateForward,
  useUpdateForward,
} from '../queries';
import { useNetworkEditReason } from '../../networks/queries';
import { instanceAddressOptions, networkAddressOptions, type AddressOption } from '../rules';
import '../forwards.scss';

function useAddressOptions(project: string, network: string) {
  const networkQuery = useQuery(formNetworkQuery(project, network));
  const managed = networkQuery.data?.managed === true;
  const state = useQuery(formNetworkStateQuery(project, network, managed));
  const instances = useQuery(instanceAddressesQuery(project));
  const listenOptions: AddressOption[] = networkQuery.data
    ? networkAddressOptions(networkQuery.data, state.data)
    : [];
  const targetOptions = instanceAddressOptions(instances.data ?? [], network);
  return { networkQuery, listenOptions, targetOptions };
}

function Header({ project, network, title }: { project: string; network: string; title: string }) {
  return (
    <header className="page-header">
      <div>
        <nav aria-label="Breadcrumb" className="forward-breadcrumb">
          <Link to={paths.networks(project)}>Networks</Link>
          {' / '}
          <Link to={paths.network(project, network, 'forwards')}>{network}</Link>
        </nav>
        <h1 className="p-heading--4 page-header__title" id="forward-heading">
          {title}
        </h1>
      </div>
    </header>
  );
}

function CreateForward({ project, network }: { project: string; network: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { isClustered } = useAuth();
  const { networkQuery, listenOptions, targetOptions } = useAddressOptions(project, network);
  const members = useQuery(clusterMembersQuery(isClustered));
  const [member, setMember] = useState('');
  const [initial] = useState(newForwardValues);
  const create = useCreateForward(project, network);
  const reason = useNetworkEditReason(project, network);
  const back = () => void navigate(paths.network(project, network, 'forwards'));

  const submit = (values: ForwardFormValues) => {
    const body = valuesToForwardPost(values);
    create.mutate(
      { body, member: member || undefined },
      {
        onSuccess: () => {
          notify.success(
            'Forward created',
            `Forward ${body.listen_address} on ${network} was created.`,
          );
          back();
        },
      },
    );
  };

  return (
    <>
      {networkQuery.error && (
        <ErrorNotice title={`Could not load network ${network}`} error={networkQuery.error} />
      )}
      <ForwardForm
        mode="create"
        initial={initial}
        listenOptions={listenOptions}
        targetOptions={targetOptions}
        location={
          isClustered && (
            <div className="p-form__group">
              <label htmlFor="forward-location">Location</label>
              <select
                id="forward-location"
                value={member}
                onChange={(event) => {
                  setMember(event.target.value);
                }}
              >
                <option value="">The member the console talks to</option>
                {(members.data ?? []).map((m) => (
                  <option key={m.server_name} value={m.server_name}>
                    {m.server_name}
                  </option>
                ))}
              </select>
            </div>
          )
        }
        onSubmit={submit}
        busy={create.isPending}
        reason={reason}
        onCancel={back}
        notice={
          create.error ? (
            <ErrorNotice title="Could not create the forward" error={create.error} />
          ) : undefined
        }
      />
    </>
  );
}

function EditForward({
  project,
  network,
  member,
  latest,
}: {
  project: string;
  network: string;
  member: string | undefined;
  latest: WithEtag<LxdNetworkForward>;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const { listenOptions, targetOptions } = useAddressOptions(project, network);
  const address = latest.listen_address;
  const update = useUpdateForward(project, network, address, member);
  const reason = useNetworkEditReason(project, network);
  const back = () => void navigate(paths.network(project, network, 'forwards'));
  const edit = useVersionedEdit<WithEtag<LxdNetworkForward>, ForwardFormValues>({
    what: 'forward',
    latest,
    fetchLatest: () =>
      client.query({ ...forwardQuery(project, network, address, member), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      update.mutate(
        { body: valuesToForwardPut(values), etag },
        {
          onSuccess: () => {
            notify.success('Forward updated', `Forward ${address} on ${network} was saved.`);
            onSaved();
            back();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });
  return (
    <ForwardForm
      key={edit.formKey}
      mode="edit"
      initial={forwardToValues(edit.base)}
      listenOptions={listenOptions}
      targetOptions={targetOptions}
      location={
        member && (
          <p className="forward-form__fixed">
            <span className="forward-form__fixed-label">Location</span>
            {member}
          </p>
        )
      }
      onSubmit={edit.save}
      busy={update.isPending}
      reason={reason}
      onCancel={back}
      onDirtyChange={edit.onDirtyChange}
      notice={edit.notice}
    />
  );
}

function EditForwardLoader({
  project,
  network,
  address,
  member,
}: {
  project: string;
  network: string;
  address: string;
  member: string | undefined;
}) {
  const forward = useQuery(forwardQuery(project, network, address, member));
  if (forward.isPending) return <Loader text="Loading forward…" />;
  if (forward.error) {
    return (
      <ErrorNotice
        title="Could not load the forward"
        error={forward.error}
        onRetry={() => void forward.refetch()}
      />
    );
  }
  return <EditForward project={project} network={network} member={member} latest={forward.data} />;
}

/**
 * /ui/project/{project}/network/{network}/forwards/create, …/forwards/{address}/edit and
 * …/member/{member}/forwards/{address}/edit: the forward form. Create POSTs, edit PUTs with
 * If-Match; then back to the network's forwards.
 */
export function ForwardFormPage() {
  const { project = '', network = '', address, member } = useParams();
  const title = address ? `Edit forward ${address}` : 'Create a forward';
  return (
    <section className="page forward-page" aria-labelledby="forward-heading">
      <Header project={project} network={network} title={title} />
      {address ? (
        <EditForwardLoader project={project} network={network} address={address} member={member} />
      ) : (
        <CreateForward project={project} network={network} />
      )}
    </section>
  );
}
