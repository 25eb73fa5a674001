import { useMemo } from 'react';
import type { LxdProfile } from '../../../lxd/types/profile';
import { DeviceProperties } from '../../../shared/config-form/DeviceProperties';
import { SortedTable, type ListColumn, type SortState, textColumn } from '../../../shared/ui/list';
import { paths } from '../../../shared/routing/paths';
import { Link } from '../../../shared/routing/router';
import { ConfigKeysTable, OverviewSection } from '../../../shared/ui/ConfigKeysTable';
import { UsedByList } from '../../../shared/ui/UsedByList';
import { instancesUsing, profileSearch } from '../rules';

interface DeviceRow {
  name: string;
  device: Record<string, string>;
}

const DEVICE_COLUMNS: readonly ListColumn<DeviceRow>[] = [
  textColumn('name', 'Name', (row) => row.name, { width: 10, rowHeader: true }),
  textColumn('type', 'Type', (row) => row.device.type ?? '', { width: 8 }),
  {
    id: 'properties',
    header: 'Properties',
    cell: (row) => <DeviceProperties device={row.device} />,
  },
];

const BY_NAME: SortState = { column: 'name', direction: 'ascending' };
const deviceKey = (row: DeviceRow) => row.name;

/** Description, devices, config and the instances using the profile. */
export function ProfileOverview({ project, profile }: { project: string; profile: LxdProfile }) {
  const devices = useMemo(
    () => Object.entries(profile.devices).map(([name, device]) => ({ name, device })),
    [profile.devices],
  );
  return (
    <div className="overview-layout">
      <div className="overview-layout__main">
        <OverviewSection id="profile-description" title="Description">
          <p>{profile.description || <span className="u-text--muted">No description</span>}</p>
        </OverviewSection>
        <OverviewSection id="profile-devices" title="Devices">
          <SortedTable
            label="Devices"
            rows={devices}
            columns={DEVICE_COLUMNS}
            rowKey={deviceKey}
            initialSort={BY_NAME}
            empty="No devices."
          />
        </OverviewSection>
        <OverviewSection id="profile-config" title="Configuration keys">
          <ConfigKeysTable config={profile.config} />
        </OverviewSection>
      </div>
      <OverviewSection id="profile-used-by" title="Used by" className="overview-layout__aside">
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
      </OverviewSection>
    </div>
  );
}
