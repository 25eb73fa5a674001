import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../../shared/auth/context';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { useProjectAbilities } from '../../projects';
import { profilesQuery } from '../queries';
import { filterProfiles, instancesUsing, PROFILE_MESSAGES, usesDefaultProfiles } from '../rules';
import '../profiles.scss';

/** /ui/project/{project}/profiles: name, description, instances using it, search. */
export function ProfileListPage() {
  const { project = '' } = useParams();
  const { isFineGrained, projects } = useAuth();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const list = useQuery(profilesQuery(project, isFineGrained));
  const { canCreateProfiles } = useProjectAbilities(project);
  const shown = useMemo(() => filterProfiles(list.data ?? [], search), [list.data, search]);
  const inherited = usesDefaultProfiles(projects.find((p) => p.name === project));

  return (
    <section className="page profile-page" aria-labelledby="profiles-heading">
      <PageHeader title={<span id="profiles-heading">Profiles</span>}>
        <div className="p-search-box profile-search">
          <label className="u-off-screen" htmlFor="profile-search">
            Search profiles
          </label>
          <input
            id="profile-search"
            type="search"
            className="p-search-box__input"
            placeholder="Search by name or description"
            value={search}
            onChange={(event) => {
              const value = event.target.value;
              setParams(value ? { search: value } : {}, { replace: true });
            }}
          />
        </div>
        {canCreateProfiles ? (
          <Link className="p-button--positive" to={paths.profileCreate(project)}>
            Create profile
          </Link>
        ) : (
          <button
            type="button"
            className="p-button--positive"
            disabled
            title={PROFILE_MESSAGES.noCreate}
          >
            Create profile
          </button>
        )}
      </PageHeader>
      {inherited && (
        <p className="profile-inherited" role="note">
          Project {project} does not have its own profiles: these are the profiles of the default
          project.
        </p>
      )}
      {list.isPending && <Loader text="Loading profiles…" />}
      {list.error && (
        <ErrorNotice
          title="Could not load profiles"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data?.length === 0 && (
        <EmptyState title="No profiles">
          <p>Profiles hold configuration and devices that several instances share.</p>
        </EmptyState>
      )}
      {list.data && list.data.length > 0 && shown.length === 0 && (
        <EmptyState title="No profile matches">
          <p>No profile name or description contains “{search}”.</p>
        </EmptyState>
      )}
      {shown.length > 0 && (
        <table className="profile-list" aria-label="Profiles">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col" className="profile-list__count">
                Used by
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((profile) => {
              const count = instancesUsing(profile).length;
              return (
                <tr key={profile.name}>
                  <th scope="row">
                    <Link to={paths.profile(project, profile.name)}>{profile.name}</Link>
                  </th>
                  <td className="profile-list__description">{profile.description}</td>
                  <td className="profile-list__count">
                    {count} {count === 1 ? 'instance' : 'instances'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
