import { Fragment } from 'react';
import { Link } from '../../../shared/routing/router';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { StoredUsagePanel } from '../../../shared/metrics/StoredUsagePanel';
import { paths } from '../../../shared/routing/paths';
import { MemberState } from './MemberState';
import { MemberStatus } from './MemberStatus';

/** The Overview tab: what the cluster says about the member, and the member's own state. */
export function MemberOverview({ member }: { member: LxdClusterMember }) {
  return (
    <>
      <MemberFacts member={member} />
      <MemberState member={member} />
      <StoredUsagePanel
        scope={{ member: member.server_name }}
        name={`member ${member.server_name}`}
      />
    </>
  );
}

/** What the cluster says about the member. */
function MemberFacts({ member }: { member: LxdClusterMember }) {
  const config = Object.entries(member.config ?? {});
  const groups = member.groups ?? [];
  return (
    <section className="cluster-member" aria-labelledby="member-heading">
      <h2 className="p-heading--5" id="member-heading">
        Member
      </h2>
      <dl className="page-facts">
        <dt>Status</dt>
        <dd>
          <MemberStatus status={member.status} /> {member.message}
        </dd>
        <dt>URL</dt>
        <dd>{member.url}</dd>
        <dt>Roles</dt>
        <dd>{(member.roles ?? []).join(', ') || '-'}</dd>
        <dt>Groups</dt>
        <dd>
          {groups.length === 0
            ? '-'
            : groups.map((group, index) => (
                <Fragment key={group}>
                  {index > 0 && ', '}
                  <Link to={paths.clusterGroups()}>{group}</Link>
                </Fragment>
              ))}
        </dd>
        <dt>Architecture</dt>
        <dd>{member.architecture || '-'}</dd>
        <dt>Failure domain</dt>
        <dd>{member.failure_domain || '-'}</dd>
        <dt>Description</dt>
        <dd>{member.description || '-'}</dd>
        <dt>Database</dt>
        <dd>{member.database ? 'Yes (a database voter)' : 'No'}</dd>
        {config.map(([key, value]) => (
          <Fragment key={key}>
            <dt>
              <code>{key}</code>
            </dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
