import { useMemo } from 'react';
import type { LxdProfile } from '../../../lxd/types/profile';
import { SortedTable, type ListColumn, type SortState, textColumn } from '../../../shared/ui/list';
import { paths } from '../../../shared/routing/paths';
import { Link } from '../../../shared/routing/router';
import { UsedByList } from '../../../shared/ui/UsedByList';
import { instancesUsing, profileSearch } from '../rules';

interface DeviceRow {
  name: string;
  device: Record<string, string>;
}

interface ConfigRow {
  key: string;
  value: string;
}

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

const DEVICE_COLUMNS: readonly ListColumn<DeviceRow>[] = [
  textColumn('name', 'Name', (row) => row.name, { width: 10, rowHeader: true }),
  textColumn('type', 'Type', (row) => row.device.type ?? '', { width: 8 }),
  {
    id: 'properties',
    header: 'Properties',
    cell: (row) => <DeviceDetails device={row.device} />,
  },
];

const CONFIG_COLUMNS: readonly ListColumn<ConfigRow>[] = [
  {
    id: 'key',
    header: 'Key',
    width: 16,
    rowHeader: true,
    sortValue: (row) => row.key,
    cell: (row) => <code>{row.key}</code>,
  },
  textColumn('value', 'Value', (row) => row.value, { className: 'profile-value' }),
];

const BY_NAME: SortState = { column: 'name', direction: 'ascending' };
const BY_KEY: SortState = { column: 'key', direction: 'ascending' };
const deviceKey = (row: DeviceRow) => row.name;
const configKey = (row: ConfigRow) => row.key;

/** Description, devices, config and the instances using the profile. */
export function ProfileOverview({ project, profile }: { project: string; profile: LxdProfile }) {
  const devices = useMemo(
    () => Object.entries(profile.devices).map(([name, device]) => ({ name, device })),
    [profile.devices],
  );
  const config = useMemo(
    () => Object.entries(profile.config).map(([key, value]) => ({ key, value })),
    [profile.config],
  );
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
          <SortedTable
            label="Devices"
            rows={devices}
            columns={DEVICE_COLUMNS}
            rowKey={deviceKey}
            initialSort={BY_NAME}
            empty="No devices."
          />
        </section>
        <section aria-labelledby="profile-config">
          <h2 className="p-heading--5" id="profile-config">
            Configuration keys
          </h2>
          <SortedTable
            label="Configuration keys"
            rows={config}
            columns={CONFIG_COLUMNS}
            rowKey={configKey}
            initialSort={BY_KEY}
            empty="No configuration keys are set."
          />
        </section>
      </div>
      <section aria-labelledby="profile-used-by" className="profile-overview__aside">
        <h2 className="p-heading--5" id="profile-used-by">
          Used by
        </h2>
        <UsedByList
          refs={instancesUsing(profile)}
          project={project}
          empty="No instances use this profile."
          byProject={{
            noun: { one: 'instance', other: 'instances' },
            after: (group) => (
              <Link to={`${paths.instances(group)}${profileSearch(profile.name)}`}>
                Show in the instance list
              </Link>
            ),
          }}
        />
      </section>
    </div>
  );
}
