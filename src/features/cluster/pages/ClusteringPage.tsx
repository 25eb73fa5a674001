import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '../../../shared/routing/router';
import { enableClustering } from '../../../lxd/endpoints/cluster';
import { useAuth } from '../../../shared/auth/context';
import { GatedButton } from '../../../shared/ui/Gated';
import { ResourceForm, TextInput, useResourceForm } from '../../../shared/forms';
import { errorText, useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { serverKeys, useServer } from '../../../shared/query/server';
import { paths } from '../../../shared/routing/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTabs } from '../../server';
import { isWildcardAddress, validateMemberName } from '../form';
import { clusterKeys } from '../queries';
import '../cluster.scss';

/** /ui/server/clustering: a standalone server, and the way to make it a cluster's first member. */
export function ClusteringPage() {
  const auth = useAuth();
  const { data } = useServer();
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const server = data ?? auth.server;
  const enable = useMutation({
    mutationFn: enableClustering,
    onSuccess: async (_result, member) => {
      notify.success(
        'Clustering enabled',
        `This server is now member ${member} of a new cluster.`,
        [{ label: 'Cluster members', to: paths.clusterMembers() }],
      );
      // Go to the members first, so the navigation opens on the cluster entries it gains.
      await navigate(paths.clusterMembers(), { replace: true });
      await client.invalidateQueries({ queryKey: clusterKeys.all });
      await client.invalidateQueries({ queryKey: serverKeys.all });
    },
  });
  // The server of the session carries the entitlements (spec §6), not the refreshed settings.
  const editReason = usePermissions().onServer('enableClustering');
  const address = server.config?.['core.https_address'];
  const addressMissing = typeof address !== 'string' || isWildcardAddress(address);
  const kit = useResourceForm<{ name: string }>({
    defaultValues: { name: server.environment?.server_name ?? '' },
    validate: (values) => ({ name: validateMemberName(values.name.trim()) }),
    onSubmit: (values) => enable.mutateAsync(values.name.trim()),
  });

  if (auth.isClustered) return <Navigate to={paths.clusterMembers()} replace />;

  return (
    <section className="page clustering-page">
      <PageHeader title="Server" />
      <ServerTabs current="clustering">
        <div className="clustering-body">
          <h2 className="p-heading--4">This server is standalone</h2>
          <p>
            It is not part of a cluster. A cluster spreads instances, storage and networks over
            several servers that act as one: any member answers for all of them.
          </p>
          <p>
            Enabling clustering makes this server the first member of a new cluster, under the name
            you choose. Other servers can then join it. A server cannot leave a cluster again from
            the console.
          </p>
          {addressMissing && (
            <div className="p-notification--caution">
              <div className="p-notification__content">
                <p className="p-notification__message">
                  Other members reach this one at <code>core.https_address</code>, which is{' '}
                  {typeof address === 'string' ? (
                    <>
                      the wildcard address <code>{address}</code>
                    </>
                  ) : (
                    'not set'
                  )}
                  . Set a specific address in <Link to={paths.settings()}>Settings</Link> first.
                </p>
              </div>
            </div>
          )}
          <ResourceForm kit={kit} className="clustering-form">
            <TextInput
              name="name"
              label="Member name"
              help="How the cluster will call this server."
            />
            {kit.failure !== undefined && (
              <div className="p-notification--negative" role="alert">
                <div className="p-notification__content">
                  <h3 className="p-notification__title">Could not enable clustering</h3>
                  <p className="p-notification__message">{errorText(kit.failure)}</p>
                </div>
              </div>
            )}
            <GatedButton
              type="submit"
              className="p-button--positive"
              disabled={kit.busy}
              reason={editReason}
              aria-busy={kit.busy}
            >
              {kit.busy ? 'Enabling clustering…' : 'Enable clustering'}
            </GatedButton>
          </ResourceForm>
        </div>
      </ServerTabs>
    </section>
  );
}
