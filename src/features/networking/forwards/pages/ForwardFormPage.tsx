import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WithEtag } from '../../../../lxd/client';
import type { LxdNetworkForward } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { useVersionedEdit } from '../../../../shared/forms';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Link, useNavigate, useParams } from '../../../../shared/routing/router';
import { Loader } from '../../../../shared/ui/Loader';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { clusterMembersQuery } from '../../../cluster';
import { formNetworkQuery, useAddressOptions } from '../../listeners/queries';
import { useNetworkEditReason } from '../../networks';
import { ForwardForm } from '../components/ForwardForm';
import {
  forwardToValues,
  newForwardValues,
  valuesToForwardPost,
  valuesToForwardPut,
  type ForwardFormValues,
} from '../form';
import { forwardQuery, useCreateForward, useUpdateForward } from '../queries';
import '../../../../shared/pages/pages.scss';
import '../../listeners/listeners.scss';

/** The network of the form, its addresses and the instances' addresses. */
function useForwardOptions(project: string, network: string) {
  const query = useQuery(formNetworkQuery(project, network));
  return { query, ...useAddressOptions(project, network, query.data) };
}

function CreateForward({ project, network }: { project: string; network: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { isClustered } = useAuth();
  const { query, listenOptions, targetOptions } = useForwardOptions(project, network);
  const members = useQuery({ ...clusterMembersQuery, enabled: isClustered });
  const create = useCreateForward(project, network);
  const reason = useNetworkEditReason(project, network);
  const back = () => void navigate(paths.network(project, network, 'forwards'));

  const submit = async (values: ForwardFormValues) => {
    const body = valuesToForwardPost(values);
    await create.mutateAsync({ body, member: values.member || undefined });
    notify.success('Forward created', `Forward ${body.listen_address} on ${network} was created.`);
    back();
  };

  return (
    <>
      {query.error && (
        <ErrorNotice title={`Could not load network ${network}`} error={query.error} />
      )}
      <ForwardForm
        mode="create"
        initial={newForwardValues()}
        listenOptions={listenOptions}
        targetOptions={targetOptions}
        members={isClustered ? (members.data ?? []).map((m) => m.server_name) : undefined}
        onSubmit={submit}
        reason={reason}
        onCancel={back}
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
  const { listenOptions, targetOptions } = useForwardOptions(project, network);
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
      onSubmit={edit.save}
      busy={update.isPending}
      reason={reason}
      onCancel={back}
      onDirtyChange={edit.onDirtyChange}
      notice={edit.notice}
    />
  );
}

function EditForwardLoader(props: {
  project: string;
  network: string;
  address: string;
  member: string | undefined;
}) {
  const forward = useQuery(forwardQuery(props.project, props.network, props.address, props.member));
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
  return <EditForward {...props} latest={forward.data} />;
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
    <section className="page detail-page forward-page" aria-labelledby="forward-heading">
      <PageHeader
        breadcrumb={
          <>
            <Link to={paths.networks(project)}>Networks</Link>
            {' / '}
            <Link to={paths.network(project, network, 'forwards')}>{network}</Link>
          </>
        }
        title={<span id="forward-heading">{title}</span>}
      />
      {address ? (
        <EditForwardLoader project={project} network={network} address={address} member={member} />
      ) : (
        <CreateForward project={project} network={network} />
      )}
    </section>
  );
}
