import type { LxdDevice, LxdInstance } from '../../../../lxd/types/instance';

/** The main properties of a device in a few words. */
export function deviceSummary(device: LxdDevice): string {
  const skip = new Set(['type']);
  return Object.entries(device)
    .filter(([key]) => !skip.has(key))
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ');
}

/** Every device the instance has, its own and those from profiles. */
export function DevicesTable({ instance }: { instance: LxdInstance }) {
  const expanded = instance.expanded_devices ?? instance.devices;
  const entries = Object.entries(expanded);
  if (entries.length === 0) return <p className="u-text--muted">No devices.</p>;
  return (
    <table aria-label="Devices" className="overview-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Properties</th>
          <th scope="col">From</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([name, device]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{device.type}</td>
            <td>{deviceSummary(device)}</td>
            <td>{name in instance.devices ? 'instance' : 'profile'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
