import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../../shared/routing/router';
import type { WithEtag } from '../../../../lxd/client';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { useAuth } from '../../../../shared/auth/context';
import { formatDate, formatOrNever } from '../../../../shared/format/dates';
import { StoredUsagePanel } from '../../../../shared/metrics/StoredUsagePanel';
import { paths } from '../../../../shared/routing/paths';
import { instanceStateQuery } from '../../queries';
import { DevicesTable } from './DevicesTable';
import { InstanceTags } from './InstanceTags';
import { NetworkTable } from './NetworkTable';
import { UsageHistorySection } from './UsageHistorySection';
import { UsageList } from './UsageList';
import './overview.scss';

/** Refresh the live state of a running instance this often while the tab is open. */
export const OVERVIEW_STATE_REFRESH_MS = 15_000;

/** Where the root file system came from, read from the image.* keys LXD copies in. */
export function imageDescription(config: Record<string, string>): string {
  const description = config['image.description'];
  if (description) return description;
  const parts = [config['image.os'], config['image.release'], config['image.variant']].filter(
    Boolean,
  );
  return parts.join(' ');
}

export default function OverviewTab({ instance }: { instance: WithEtag<LxdInstance> }) {
  const { isClustered } = useAuth();
  const running = instance.status === 'Running' || instance.status === 'Frozen';
  const state = useQuery({
    ...instanceStateQuery(instance.project, instance.name),
    refetchInterval: running ? OVERVIEW_STATE_REFRESH_MS : false,
  });
  const config = instance.expanded_config ?? instance.config;
  const image = imageDescription(config);
  const fingerprint = config['volatile.base_image'];
  const pid = state.data?.pid;

  return (
    <div className="instance-overview">
      <section aria-labelledby="overview-general">
        <h2 className="p-heading--5" id="overview-general">
          General
        </h2>
        <dl className="overview-list">
          <dt>Type</dt>
          <dd>{instance.type === 'virtual-machine' ? 'Virtual machine' : 'Container'}</dd>
          <dt>Description</dt>
          <dd>{instance.description || '-'}</dd>
          <dt>Image</dt>
          <dd>
            {image || '-'}
            {fingerprint && (
              <span className="u-text--muted" title={fingerprint}>
                {' '}
                ({fingerprint.slice(0, 12)})
              </span>
            )}
          </dd>
          <dt>Architecture</dt>
          <dd>{instance.architecture || '-'}</dd>
          {(isClustered || (instance.location && instance.location !== 'none')) && (
            <>
              <dt>Location</dt>
              <dd>{instance.location || '-'}</dd>
            </>
          )}
          <dt>PID</dt>
          <dd>{pid ? pid : '-'}</dd>
          <dt>Created</dt>
          <dd>{formatDate(instance.created_at, 'Never')}</dd>
          <dt>Last used</dt>
          <dd>{formatOrNever(instance.last_used_at)}</dd>
          <dt>Ephemeral</dt>
          <dd>{instance.ephemeral ? 'Yes' : 'No'}</dd>
        </dl>
      </section>

      <section aria-labelledby="overview-tags">
        <h2 className="p-heading--5" id="overview-tags">
          Tags
        </h2>
        <InstanceTags instance={instance} />
      </section>

      <section aria-labelledby="overview-usage">
        <h2 className="p-heading--5" id="overview-usage">
          Usage
        </h2>
        <UsageList state={state} config={config} />
      </section>

      {running && <UsageHistorySection instance={instance} />}

      <StoredUsagePanel
        scope={{ project: instance.project, instance: instance.name }}
        name={instance.name}
        className="instance-overview__wide"
      />

      <section aria-labelledby="overview-networks" className="instance-overview__wide">
        <h2 className="p-heading--5" id="overview-networks">
          Addresses
        </h2>
        <NetworkTable state={state} />
      </section>

      <section aria-labelledby="overview-profiles">
        <h2 className="p-heading--5" id="overview-profiles">
          Profiles
        </h2>
        {instance.profiles.length === 0 ? (
          <p className="u-text--muted">No profiles.</p>
        ) : (
          <ol className="overview-profiles">
            {instance.profiles.map((profile) => (
              <li key={profile}>
                <Link to={paths.profile(instance.project, profile)}>{profile}</Link>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="overview-devices" className="instance-overview__wide">
        <h2 className="p-heading--5" id="overview-devices">
          Devices
        </h2>
        <DevicesTable instance={instance} />
      </section>
    </div>
  );
}
