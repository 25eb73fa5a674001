import type { UseQueryResult } from '@tanstack/react-query';
import type { LxdInstanceState } from '../../../../lxd/types/instance';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';

export const FAMILY_LABELS: Record<string, string> = { inet: 'IPv4', inet6: 'IPv6' };

/** Interfaces with their addresses, each with its family (loopback left out). */
export function NetworkTable({ state }: { state: UseQueryResult<LxdInstanceState> }) {
  if (state.isPending) return <Loader text="Loading addresses…" />;
  if (state.isError)
    return <ErrorNotice title="Could not load the live state" error={state.error} />;
  const interfaces = Object.entries(state.data.network ?? {}).filter(
    ([name, network]) => name !== 'lo' && network.type !== 'loopback',
  );
  if (interfaces.length === 0) {
    return (
      <p className="u-text--muted">
        {state.data.status === 'Running' ? 'No network interfaces.' : 'Not running: no addresses.'}
      </p>
    );
  }
  return (
    <table aria-label="Network interfaces" className="overview-table">
      <thead>
        <tr>
          <th scope="col">Interface</th>
          <th scope="col">Family</th>
          <th scope="col">Address</th>
          <th scope="col">Scope</th>
          <th scope="col">MAC address</th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {interfaces.flatMap(([name, network]) => {
          const addresses = network.addresses ?? [];
          if (addresses.length === 0) {
            return [
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>-</td>
                <td className="u-text--muted">No address yet</td>
                <td>-</td>
                <td>{network.hwaddr || '-'}</td>
                <td>{network.state}</td>
              </tr>,
            ];
          }
          return addresses.map((address, index) => (
            <tr key={`${name}-${address.address}`}>
              <th scope="row">
                {index === 0 ? name : <span className="u-off-screen">{name}</span>}
              </th>
              <td>{FAMILY_LABELS[address.family] ?? address.family}</td>
              <td>
                {address.address}
                {address.netmask ? `/${address.netmask}` : ''}
              </td>
              <td>{address.scope}</td>
              <td>{index === 0 ? network.hwaddr || '-' : ''}</td>
              <td>{index === 0 ? network.state : ''}</td>
            </tr>
          ));
        })}
      </tbody>
    </table>
  );
}
