import { useQuery } from '@tanstack/react-query';
import type { WithEtag } from '../../../../lxd/client';
import type { LxdNetwork } from '../../../../lxd/types/network';
import { serverProductName } from '../../../../lxd/product';
import { hasServerExtension } from '../../../../shared/auth/context';
import { detailPage, type DetailContext, type DetailTab } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import { ResourceHistory, activityResource } from '../../../activity';
import { ForwardsTab } from '../../forwards';
import { LoadBalancersTab } from '../../load-balancers';
import { EditableTab } from '../components/EditableTab';
import { NetworkActions } from '../components/NetworkActions';
import { NetworkConfiguration } from '../components/NetworkConfiguration';
import { NetworkLeases } from '../components/NetworkLeases';
import { NetworkOverview } from '../components/NetworkOverview';
import { isNetworkSectionId, sectionsFor } from '../fields';
import { networkQuery } from '../queries';
import { networkTabs, NETWORK_TAB_LABELS, type NetworkTab } from '../rules';
import '../networks.scss';

type Network = WithEtag<LxdNetwork>;

const TABS: Record<NetworkTab, Omit<DetailTab<Network>, 'id' | 'label'>> = {
  overview: {
    render: (network, { project, params }) => (
      <NetworkOverview project={project} network={network} member={params.member} />
    ),
  },
  configuration: {
    // Every section the server may have (OVN uplink settings when it has OVN at all); the form
    // shows those that apply.
    sections: (network, { auth }) =>
      sectionsFor(network.type, {
        extensions: auth.server.api_extensions,
        ovn: auth.server.api_extensions.includes('network_type_ovn'),
      }).map((section) => section.id),
    render: (network, { project, section }) => (
      <NetworkConfiguration
        key={network.name}
        project={project}
        latest={network}
        section={section && isNetworkSectionId(section) ? section : 'main'}
      />
    ),
  },
  leases: {
    render: (network, { project }) => <NetworkLeases project={project} network={network} />,
  },
  forwards: {
    render: (network, { project }) => (
      <EditableTab project={project} network={network} tab={ForwardsTab} />
    ),
  },
  'load-balancers': {
    render: (network, { project }) => (
      <EditableTab project={project} network={network} tab={LoadBalancersTab} />
    ),
  },
};

const HISTORY_TAB: DetailTab<Network> = {
  id: 'history',
  label: 'History',
  render: (network, { project }) => (
    <ResourceHistory resource={activityResource.network(network.name)} project={project} />
  ),
};

const memberOf = (context: DetailContext) => context.params.member;

/**
 * /ui/project/{project}/network/{name}[/{activeTab}[/{section}]] and
 * /ui/project/{project}/member/{member}/network/{name}[/{activeTab}] (state of one member).
 */
export const NetworkDetailPage = detailPage<Network>({
  noun: 'network',
  tabsLabel: 'Network views',
  idPrefix: 'network',
  useDetail: ({ project, name }) => useQuery(networkQuery(project, name)),
  parent: (context) => ({ label: 'Networks', to: paths.networks(context.project) }),
  trail: (context) => {
    const member = memberOf(context);
    return member ? [{ label: `member ${member}` }] : [];
  },
  actions: (network, { project, activeTab }) =>
    network.managed && <NetworkActions project={project} network={network} activeTab={activeTab} />,
  notice: (network, { auth }) =>
    !network.managed && (
      <p className="page-note" role="note">
        {network.name} is a host interface that {serverProductName(auth.server)} does not manage: it
        can be used as a parent or uplink, but not changed here.
      </p>
    ),
  path: (context, tab, section) => {
    const member = memberOf(context);
    return member
      ? paths.memberNetwork(context.project, member, context.name, tab)
      : paths.network(context.project, context.name, tab, section);
  },
  tabs: (network, { auth }) => [
    ...networkTabs(network, hasServerExtension(auth, 'network_load_balancer')).map((id) => ({
      id,
      label: NETWORK_TAB_LABELS[id],
      ...TABS[id],
    })),
    // A host interface LXD does not manage has no lifecycle events.
    ...(network.managed ? [HISTORY_TAB] : []),
  ],
});
