import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../../lxd/client';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { Hardware } from '../../server';
import { MemberStateActions } from '../components/MemberStateActions';
import { MemberStatus } from '../components/MemberStatus';
import { clusterMemberQuery } from '../queries';
import '../cluster.scss';

/** /ui/cluster/member/{name}: one member's details and hardware; evacuate and restore. */
export function ClusterMemberPage() {
  const { name = '' } = useParams();
  const member = useQuery(clusterMemberQuery(name));
  const config = Object.entries(member.data?.config ?? {});

  return (
    <section className="page cluster-page">
      <PageHeader title={`Cluster member ${name}`}>
        <Link className="p-button--base" to={paths.clusterMembers()}>
          All members
        </Link>
        {member.data && <MemberStateActions member={member.data} />}
      </PageHeader>
      {member.isPending && <Loader text="Loading the member…" />}
      {member.error &&
        (isNotFound(member.error) ? (
          <EmptyState title="Member not found">
            <p>The cluster has no member called {name}.</p>
          </EmptyState>
        ) : (
          <ErrorNotice
            title="Could not load the member"
            error={member.error}
            onRetry={() => void member.refetch()}
          />
        ))}
      {member.data && (
        <>
          <section className="cluster-member" aria-labelledby="member-heading">
            <h2 className="p-heading--5" id="member-heading">
              Member
            </h2>
            <dl className="cluster-facts">
              <dt>Status</dt>
              <dd>
                <MemberStatus status={member.data.status} /> {member.data.message}
              </dd>
              <dt>URL</dt>
              <dd>{member.data.url}</dd>
              <dt>Roles</dt>
              <dd>{(member.data.roles ?? []).join(', ') || '-'}</dd>
              <dt>Groups</dt>
              <dd>{(member.data.groups ?? []).join(', ') || '-'}</dd>
              <dt>Architecture</dt>
              <dd>{member.data.architecture ?? '-'}</dd>
              <dt>Failure domain</dt>
              <dd>{member.data.failure_domain ?? '-'}</dd>
              <dt>Description</dt>
              <dd>{member.data.description || '-'}</dd>
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
          <Hardware target={name} />
        </>
      )}
    </section>
  );
}
