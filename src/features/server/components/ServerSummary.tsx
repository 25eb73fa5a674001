import type { LxdServer } from '../../../lxd/types/server';
import {
  CONTAINERS_UNAVAILABLE,
  VMS_UNAVAILABLE,
  instanceTypes,
  storageDriverLabel,
} from '../format';
import { serverProductName } from '../../../lxd/product';

/** Who the server is: name, version, kernel, drivers and the instance types it can run. */
export function ServerSummary({ server }: { server: LxdServer }) {
  const env = server.environment ?? {};
  const types = instanceTypes(env.driver);
  const drivers = env.storage_supported_drivers ?? [];
  const kernel = [env.kernel, env.kernel_version, env.kernel_architecture]
    .filter(Boolean)
    .join(' ');
  const os = [env.os_name, env.os_version].filter(Boolean).join(' ');

  return (
    <section className="server-card server-card--wide" aria-labelledby="server-summary-heading">
      <h2 className="p-heading--5" id="server-summary-heading">
        Server
      </h2>
      <dl className="page-facts server-facts--two">
        <dt>Name</dt>
        <dd>{env.server_name ?? '-'}</dd>
        <dt>Version</dt>
        <dd>
          {serverProductName(server)} {env.server_version ?? '-'}
          {env.server_lts ? ' LTS' : ''}
        </dd>
        <dt>API extensions</dt>
        <dd>{server.api_extensions.length}</dd>
        <dt>Kernel</dt>
        <dd>{kernel || '-'}</dd>
        {os && (
          <>
            <dt>Operating system</dt>
            <dd>{os}</dd>
          </>
        )}
        {env.firewall && (
          <>
            <dt>Firewall</dt>
            <dd>{env.firewall}</dd>
          </>
        )}
        <dt>Instance types</dt>
        <dd>
          <ul className="server-list">
            <li>
              {types.containers
                ? `Containers (${env.driver_version ? `LXC ${env.driver_version}` : 'LXC'})`
                : CONTAINERS_UNAVAILABLE}
            </li>
            <li>{types.virtualMachines ? 'Virtual machines (QEMU)' : VMS_UNAVAILABLE}</li>
          </ul>
        </dd>
        <dt>Storage drivers</dt>
        <dd>
          {drivers.length === 0 ? (
            '-'
          ) : (
            <ul className="server-list" aria-label="Storage drivers">
              {drivers.map((driver) => (
                <li key={driver.Name}>
                  {storageDriverLabel(driver.Name)}
                  <span className="u-text--muted">
                    {' '}
                    (version {driver.Version}
                    {driver.Remote ? ', remote' : ''})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  );
}
