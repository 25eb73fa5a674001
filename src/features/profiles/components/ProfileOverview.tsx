import type { LxdProfile } from '../../../lxd/types/profile';
import { UsedBy } from './UsedBy';

function DeviceDetails({ device }: { device: Record<string, string> }) {
  const entries = Object.entries(device).filter(([key]) => key !== 'type');
  if (entries.length === 0) return <span className="u-text--muted">-</span>;
  return (
    <dl className="profile-kv">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Description, devices, config and the instances using the profile. */
export function ProfileOverview({ project, profile }: { project: string; profile: LxdProfile }) {
  const devices = Object.entries(profile.devices);
  const config = Object.entries(profile.config).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="profile-overview">
      <div className="profile-overview__main">
        <section aria-labelledby="profile-description">
          <h2 className="p-heading--5" id="profile-description">
            Description
          </h2>
          <p>{profile.description || <span className="u-text--muted">No description</span>}</p>
        </section>
        <section aria-labelledby="profile-devices">
          <h2 className="p-heading--5" id="profile-devices">
            Devices
          </h2>
          {devices.length === 0 ? (
            <p className="u-text--muted">No devices.</p>
          ) : (
            <table aria-labelledby="profile-devices" className="profile-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Properties</th>
                </tr>
              </thead>
              <tbody>
                {devices.map(([name, device]) => (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td>{device.type ?? ''}</td>
                    <td>
                      <DeviceDetails device={device} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="profile-config">
          <h2 className="p-heading--5" id="profile-config">
            Configuration keys
          </h2>
          {config.length === 0 ? (
            <p className="u-text--muted">No configuration keys are set.</p>
          ) : (
            <table aria-labelledby="profile-config" className="profile-table">
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {config.map(([key, value]) => (
                  <tr key={key}>
                    <th scope="row">
                      <code>{key}</code>
                    </th>
                    <td className="profile-value">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      <section aria-labelledby="profile-used-by" className="profile-overview__aside">
        <h2 className="p-heading--5" id="profile-used-by">
          Used by
        </h2>
        <UsedBy project={project} profile={profile} />
      </section>
    </div>
  );
}
