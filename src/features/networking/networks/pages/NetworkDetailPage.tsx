import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from '../../../../shared/routing/router';
import { isNotFound } from '../../../../lxd/client';
import { hasServerExtension, useAuth } from '../../../../shared/auth/context';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { EmptyState, ErrorNotice } from '../../../../shared/ui/States';
import { ForwardsTab } from '../../forwards/ForwardsTab';
import { LoadBalancersTab } from '../../load-balancers/LoadBalancersTab';
import { NetworkActions } from '../components/NetworkActions';
import { NetworkConfiguration } from '../components/NetworkConfiguration';
import { NetworkLeases } from '../components/NetworkLeases';
import { NetworkOverview } from '../components/NetworkOverview';
import { isNetworkSectionId, sectionsFor } from '../fields';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { networkQuery, networksQuery } from '../queries';
import { networkTabs, NETWORK_TAB_LABELS, ovnAvailable, type NetworkTab } from '../rules';
import '../networks.scss';

/**
 * /ui/project/{project}/network/{name}[/{activeTab}[/{section}]] and
 * /ui/project/{project}/member/{member}/network/{name}[/{activeTab}] (state of one member).
 */
export function NetworkDetailPage() {
  const { project = '', name = '', member, activeTab, section } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const detail = useQuery(networkQuery(project, name));
  const list = useQuery(networksQuery(project, auth.isFineGrained));
  const listed = list.data?.find((network) => network.name === name);
  const permissions = usePermissions();
  const editReason = permissions.on('network', 'edit', listed);
  const tab = activeTab ?? 'overview';
  const tabPath = (id: NetworkTab) => {
    const next = id === 'overview' ? undefined : id;
    if (!member) return paths.network(project, name, next);
    const base = paths.memberNetwork(project, member, name);
    return next ? `${base}/${next}` : base;
  };

  if (detail.isPending) return <Loader text={`Loading ${name}…`} />;
  if (detail.isError) {
    if (isNotFound(detail.error)) {
      return (
        <EmptyState title={`Network ${name} not found`}>
          <p>
            It may have been deleted or renamed.{' '}
            <Link to={paths.networks(project)}>Back to the networks of {project}</Link>
          </p>
        </EmptyState>
      );
    }
    return (
      <ErrorNotice
        title={`Could not load ${name}`}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const network = detail.data;
  const tabs = networkTabs(network, hasServerExtension(auth, 'network_load_balancer'));
  const context = {
    extensions: auth.server.api_extensions,
    ovn: ovnAvailable(auth.server, list.data),
  };
  const sectionOk =
    section === undefined ||
    (isNetworkSectionId(section) &&
      sectionsFor(network.type, context).some((item) => item.id === section));
  if (
    !tabs.includes(tab as NetworkTab) ||
    (tab !== 'configuration' && section !== undefined) ||
    !sectionOk
  ) {
    return <Navigate to={paths.network(project, name)} replace />;
  }
  const current = tab as NetworkTab;

  return (
    <section className="page network-page" aria-labelledby="network-heading">
      <header className="page-header">
        <div>
          <nav aria-label="Breadcrumb" className="network-breadcrumb">
            <Link to={paths.networks(project)}>Networks</Link>
            {member && <span className="u-text--muted"> / member {member}</span>}
          </nav>
          <h1 className="p-heading--4 page-header__title" id="network-heading">
            {name}
          </h1>
        </div>
        {network.managed && (
          <NetworkActions
            project={project}
            network={network}
            existingNames={(list.data ?? []).map((item) => item.name)}
            renameReason={permissions.on('network', 'rename', listed)}
            deleteReason={permissions.on('network', 'delete', listed)}
            onRenamed={(newName) => void navigate(paths.network(project, newName, activeTab))}
            onDeleted={() => void navigate(paths.networks(project))}
          />
        )}
      </header>
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Network views">
          {tabs.map((id) => (
            <div className="p-tabs__item" key={id}>
              <Link
                className="p-tabs__link"
                role="tab"
                id={`network-tab-${id}`}
                aria-selected={id === current}
                aria-controls="network-tab-panel"
                to={tabPath(id)}
              >
                {NETWORK_TAB_LABELS[id]}
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div role="tabpanel" id="network-tab-panel" aria-labelledby={`network-tab-${current}`}>
        {!network.managed && (
          <p className="network-locked" role="note">
            {name} is a host interface that LXD does not manage: it can be used as a parent or
            uplink, but not changed here.
          </p>
        )}
        {current === 'overview' && (
          <NetworkOverview project={project} network={network} member={member} />
        )}
        {current === 'configuration' && (
          <NetworkConfiguration
            key={network.name}
            project={project}
            latest={network}
            section={section && isNetworkSectionId(section) ? section : 'main'}
            readOnlyReason={editReason}
          />
        )}
        {current === 'leases' && <NetworkLeases project={project} network={network} />}
        {current === 'forwards' && (
          <ForwardsTab project={project} network={network} editReason={editReason} />
        )}
        {current === 'load-balancers' && (
          <LoadBalancersTab project={project} network={network} editReason={editReason} />
        )}
      </div>
    </section>
  );
}
