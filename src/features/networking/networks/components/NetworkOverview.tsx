import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../../shared/routing/router';
import type { LxdNetwork, LxdNetworkState } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { formatBytes } from '../../../../shared/format/bytes';
import { paths } from '../../../../shared/routing/paths';
import { ErrorNotice } from '../../../../shared/ui/States';
import { UsedByList } from '../../../../shared/ui/UsedByList';
import { usedByRefs } from '../../../../lxd/used-by';
import { networkStateQuery } from '../queries';
import { typeLabel } from '../rules';

/** Refresh the state (counters) this often while the tab is open. */
export const NETWORK_STATE_REFRESH_MS = 15_000;

const dash = <span className="u-text--muted">-</span>;

/** A family's addresses: the configured one (managed) and the live ones from the state. */
function Addresses({
  network,
  state,
  family,
}: {
  network: LxdNetwork;
  state: LxdNetworkState | undefined;
  family: 'inet' | 'inet6';
}) {
  const prefix = family === 'inet' ? 'ipv4' : 'ipv6';
  const configured = network.config[`${prefix}.address`] ?? network.config[`${prefix}.gateway`];
  const live = (state?.addresses ?? [])
    .filter((address) => address.family === family)
    .map((address) => ({
      text: `${address.address}/${address.netmask}`,
      link: address.scope === 'link',
    }))
    .filter((address) => address.text !== configured);
  if (!configured && live.length === 0) return dash;
  return (
    <ul className="p-list network-addresses">
      {configured && (
        <li className="p-list__item">{configured === 'none' ? 'None' : configured}</li>
      )}
      {live.map((address) => (
        <li key={address.text} className="p-list__item">
          {address.text}
          {address.link && <span className="u-text--muted"> (link-local)</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Type, managed, description, addresses, state and counters (from /state, on `member` in a
 * cluster) and what uses the network.
 */
export function NetworkOverview({
  project,
  network,
  member,
}: {
  project: string;
  network: LxdNetwork;
  member?: string | undefined;
}) {
  const { isClustered } = useAuth();
  const state = useQuery({
    ...networkStateQuery(project, network.name, member),
    refetchInterval: NETWORK_STATE_REFRESH_MS,
  });
  const data = state.data;
  const counters = data?.counters;
  const locations = (network.locations ?? []).filter((location) => location !== 'none');

  return (
    <div className="network-overview">
      <section aria-labelledby="network-general">
        <h2 className="p-heading--5" id="network-general">
          General
        </h2>
        <dl className="network-list">
          <dt>Type</dt>
          <dd>{typeLabel(network.type)}</dd>
          <dt>Managed</dt>
          <dd>{network.managed ? 'Yes' : 'No'}</dd>
          <dt>Description</dt>
          <dd>{network.description || dash}</dd>
          {network.managed && (
            <>
              <dt>Status</dt>
              <dd>{network.status || dash}</dd>
            </>
          )}
          {network.type === 'ovn' && (
            <>
              <dt>Uplink</dt>
              <dd>
                {network.config['network'] ? (
                  <Link to={paths.network('default', network.config['network'])}>
                    {network.config['network']}
                  </Link>
                ) : (
                  dash
                )}
              </dd>
            </>
          )}
          <dt>IPv4</dt>
          <dd>
            <Addresses network={network} state={data} family="inet" />
          </dd>
          <dt>IPv6</dt>
          <dd>
            <Addresses network={network} state={data} family="inet6" />
          </dd>
          {isClustered && locations.length > 0 && (
            <>
              <dt>Locations</dt>
              <dd>
                <ul className="p-list network-addresses">
                  {locations.map((location) => (
                    <li key={location} className="p-list__item">
                      <Link to={paths.memberNetwork(project, location, network.name)}>
                        {location}
                      </Link>
                      {location === member && <span className="u-text--muted"> (shown)</span>}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="network-state">
        <h2 className="p-heading--5" id="network-state">
          State{member ? ` on ${member}` : ''}
        </h2>
        {state.error ? (
          <ErrorNotice
            title="Could not load the state"
            error={state.error}
            onRetry={() => void state.refetch()}
          />
        ) : (
          <dl className="network-list" aria-busy={state.isPending}>
            <dt>State</dt>
            <dd>
              {data
                ? data.state === 'up'
                  ? 'Up'
                  : data.state === 'down'
                    ? 'Down'
                    : data.state
                : dash}
            </dd>
            <dt>MTU</dt>
            <dd>{data?.mtu ? String(data.mtu) : dash}</dd>
            <dt>MAC address</dt>
            <dd>{data?.hwaddr || dash}</dd>
            <dt>Received</dt>
            <dd>
              {counters
                ? `${formatBytes(counters.bytes_received)} (${counters.packets_received.toLocaleString()} packets)`
                : dash}
            </dd>
            <dt>Sent</dt>
            <dd>
              {counters
                ? `${formatBytes(counters.bytes_sent)} (${counters.packets_sent.toLocaleString()} packets)`
                : dash}
            </dd>
            {data?.bridge && (
              <>
                <dt>Bridge ports</dt>
                <dd>{(data.bridge.upper_devices ?? []).join(', ') || dash}</dd>
              </>
            )}
            {data?.ovn && (
              <>
                <dt>OVN chassis</dt>
                <dd>{data.ovn.chassis || dash}</dd>
              </>
            )}
            {data?.vlan && (
              <>
                <dt>VLAN</dt>
                <dd>
                  {data.vlan.vid} on {data.vlan.lower_device}
                </dd>
              </>
            )}
          </dl>
        )}
      </section>

      <section aria-labelledby="network-used-by" className="network-overview__used-by">
        <h2 className="p-heading--5" id="network-used-by">
          Used by
        </h2>
        <UsedByList
          refs={usedByRefs(network.used_by)}
          project={project}
          empty="Nothing uses this network."
        />
      </section>
    </div>
  );
}
