/**
 * /ui/project/{project}/overview (issue #34): health, instances by status and type, allocation
 * against capacity, warnings, operations and recent activity. Each figure shows as soon as its
 * own request answers (the instance count from the list's names first) and links to the list
 * that explains it. Live: the instance list is kept current by the event stream.
 */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { hasExtension } from '../../lxd/endpoints/server';
import type { LxdClusterMember } from '../../lxd/types/cluster';
import type { LxdResources } from '../../lxd/types/resources';
import { useAuth } from '../../shared/auth/context';
import { projectQuery } from '../../shared/query/projects';
import { useServer } from '../../shared/query/server';
import { Link, useParams } from '../../shared/routing/router';
import { useMarkFirstContent } from '../../shared/ui/afterFirstScreen';
import { Loader } from '../../shared/ui/Loader';
import { PageHeader } from '../../shared/ui/PageHeader';
import { DataTable } from '../../shared/ui/list';
import { ResourceHistory, usePageRemote } from '../activity';
import { clusterMembersQuery } from '../cluster';
import {
  instancesQuery,
  startFullListNow,
  useLiveInstanceLists,
  type InstanceListItem,
} from '../instances';
import { useOperations } from '../operations';
import { warningsQuery } from '../warnings';
import { allocate, emptyAllocation, projectLimits } from './allocation';
import { OperationFigures, WarningFigures } from './components/Figures';
import {
  allocationColumns,
  healthColumns,
  ProjectAllocation,
  type MemberRow,
} from './components/MemberTables';
import { errorText, Section, Unreadable } from './components/parts';
import { countInstances, countOperations, countWarnings, plural } from './counts';
import { readLanding, writeLanding } from './landing';
import { instancesLink, statusSearch, typeSearch } from './links';
import { isRefused, journalFailuresQuery, memberStateQuery, resourcesQuery } from './queries';
import './overview.scss';

const MEMBER_STATE_EXTENSION = 'cluster_member_state';

const TYPE_LABELS = { container: ['container', 'containers'], 'virtual-machine': ['VM', 'VMs'] };

export function OverviewPage() {
  const { project = '' } = useParams();
  const { isClustered, isFineGrained, server: authServer } = useAuth();
  const client = useQueryClient();
  const server = useServer();

  // The instances: the list's names first (the first figure), then every instance's details.
  const listOptions = useMemo(
    () => instancesQuery(client, project, isFineGrained),
    [client, project, isFineGrained],
  );
  const list = useQuery(listOptions);
  // Live: each instance event changes the cached list in place (the counts follow).
  useLiveInstanceLists();
  const complete = list.data?.complete === true;
  useEffect(() => {
    // The overview shows no rows: the full list need not wait for any.
    if (list.data && !list.data.complete) startFullListNow(client, listOptions.queryKey);
  }, [client, list.data, listOptions.queryKey]);
  const items: readonly InstanceListItem[] = list.data?.items ?? [];
  // The first figure is shown (or could not be): index.html's picture of it gives way, and what
  // waits for the first screen (the event stream's code) may load.
  useMarkFirstContent(list.data !== undefined || list.isError);

  // Health and capacity, each member's in parallel.
  const members = useQuery({ ...clusterMembersQuery, enabled: isClustered });
  const memberNames = useMemo(
    () => (isClustered ? (members.data ?? []).map((member) => member.server_name) : ['']),
    [isClustered, members.data],
  );
  const resources = useQueries({ queries: memberNames.map((name) => resourcesQuery(name)) });
  const hasMemberState = isClustered && hasExtension(server.data, MEMBER_STATE_EXTENSION);
  const states = useQueries({
    queries: memberNames.map((name) => memberStateQuery(name, hasMemberState)),
  });

  const projectDetail = useQuery(projectQuery(project));
  const warnings = useQuery(warningsQuery);
  const operations = useOperations(project);
  // Failed operations of the last hour: the journal's where there is one, else what LXD still
  // lists (it forgets an operation seconds after it ends) and this tab saw end.
  const remote = usePageRemote();
  const journalFailures = useQuery(journalFailuresQuery(project, remote.name, !remote.pending));

  const resourcesByName = new Map<string, LxdResources>();
  memberNames.forEach((name, index) => {
    const data = resources[index]?.data;
    if (data) resourcesByName.set(name, data);
  });
  const memberOf = (location: string) => (isClustered ? location : '');
  const allocations = complete
    ? allocate(items, (location) => resourcesByName.get(memberOf(location))?.memory?.total)
    : undefined;

  const serverName = authServer.environment?.server_name ?? 'This server';
  const memberRows: MemberRow[] = memberNames.map((name, index) => {
    const member: LxdClusterMember | undefined = members.data?.find((m) => m.server_name === name);
    const state = states[index];
    let allocation = emptyAllocation();
    if (allocations) {
      if (isClustered) allocation = allocations.byMember.get(name) ?? allocation;
      else allocation = allocations.total;
    }
    return {
      name: name || serverName,
      location: name,
      status: isClustered ? member?.status : 'Online',
      message: isClustered ? member?.message : undefined,
      resources: resources[index]?.data,
      resourcesError: resources[index]?.error,
      state: state?.data,
      loadNote: !hasMemberState
        ? 'Not reported (needs LXD 5.11+ on a cluster)'
        : state?.error
          ? isRefused(state.error)
            ? 'Not permitted'
            : errorText(state.error)
          : 'Loading…',
      allocation,
    };
  });

  const counts = complete ? countInstances(items) : undefined;
  const [landing, setLanding] = useState(readLanding);

  return (
    <section className="page overview-page" aria-labelledby="overview-heading">
      <PageHeader
        title={
          <span id="overview-heading">
            Overview <span className="overview__project">{project}</span>
          </span>
        }
      >
        <label className="overview__landing">
          <input
            type="checkbox"
            checked={landing === 'overview'}
            onChange={(event) => {
              const next = event.target.checked ? 'overview' : 'instances';
              writeLanding(next);
              setLanding(next);
            }}
          />{' '}
          Open the console on this page
        </label>
      </PageHeader>

      <div className="overview__grid">
        <Section id="instances" title="Instances">
          {list.data ? (
            <p className="overview__figure">
              <Link to={instancesLink(project)}>{plural(items.length, 'instance')}</Link>
            </p>
          ) : list.error ? (
            <Unreadable what="the instances" error={list.error} />
          ) : (
            <Loader text="Loading instances…" />
          )}
          {list.data && !complete && !list.data.detailsError && (
            <p className="overview__note">Loading each instance&apos;s status and limits…</p>
          )}
          {list.data?.detailsError && (
            <Unreadable what="the instances' details" error={list.data.detailsError} />
          )}
          {counts && counts.total > 0 && (
            <>
              <ul className="overview__counts" aria-label="Instances by status">
                {counts.byStatus.map(({ status, count }) => (
                  <li key={status}>
                    <Link to={instancesLink(project, statusSearch(status))}>
                      {count.toLocaleString('en')} {status.toLowerCase()}
                    </Link>
                  </li>
                ))}
              </ul>
              <ul className="overview__counts" aria-label="Instances by type">
                {counts.byType.map(({ type, count }) => (
                  <li key={type}>
                    <Link to={instancesLink(project, typeSearch(type))}>
                      {plural(count, TYPE_LABELS[type][0] ?? type, TYPE_LABELS[type][1])}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>

        <Section id="warnings" title="Warnings">
          {warnings.data ? (
            <WarningFigures warnings={countWarnings(warnings.data, project)} />
          ) : warnings.error ? (
            <Unreadable what="the warnings" error={warnings.error} />
          ) : (
            <Loader text="Loading warnings…" />
          )}
        </Section>

        <Section id="operations" title="Operations">
          {operations.data ? (
            <OperationFigures
              project={project}
              {...countOperations(operations.data)}
              {...(journalFailures.data
                ? { failed: journalFailures.data.failed, atLeast: journalFailures.data.atLeast }
                : {})}
            />
          ) : operations.error ? (
            <Unreadable what="the operations" error={operations.error} />
          ) : (
            <Loader text="Loading operations…" />
          )}
        </Section>
      </div>

      <Section id="health" title={isClustered ? 'Cluster members' : 'Server'}>
        {isClustered && members.error ? (
          <Unreadable what="the cluster members" error={members.error} />
        ) : isClustered && members.isPending ? (
          <Loader text="Loading members…" />
        ) : (
          <DataTable
            label={isClustered ? 'Cluster members' : 'Server'}
            rows={memberRows}
            rowKey={(row) => row.name}
            columns={healthColumns}
          />
        )}
      </Section>

      <Section id="allocation" title="Allocation against capacity">
        <p className="overview__note">
          The limits (<code>limits.cpu</code>, <code>limits.memory</code>, profiles applied) of this
          project&apos;s instances, running or not, against each{' '}
          {isClustered ? "member's" : "server's"} CPU threads and memory, and against the
          project&apos;s limits. A ratio above 1.00× is overcommitted.
        </p>
        {!allocations ? (
          <Loader text="Loading the instances' limits…" />
        ) : (
          <>
            <DataTable
              label={isClustered ? 'Allocation by member' : 'Allocation on the server'}
              rows={memberRows}
              rowKey={(row) => row.name}
              columns={allocationColumns(project, isClustered)}
            />
            <ProjectAllocation
              project={project}
              total={allocations.total}
              limits={projectLimits(projectDetail.data?.config)}
              limitsError={projectDetail.error}
              limitsPending={projectDetail.isPending}
            />
          </>
        )}
      </Section>

      <Section id="activity" title="Recent activity">
        <Suspense fallback={<Loader text="Loading activity…" />}>
          <ResourceHistory key={project} project={project} label="Recent activity" />
        </Suspense>
      </Section>
    </section>
  );
}
