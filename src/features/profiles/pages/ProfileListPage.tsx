import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { LxdProfile } from '../../../lxd/types/profile';
import { useAuth } from '../../../shared/auth/context';
import { paths } from '../../../shared/routing/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import { useProjectAbilities } from '../../projects';
import {
  PROFILE_LIST_ID,
  PROFILE_LIST_SORT,
  profileColumns,
} from '../components/profileListColumns';
import { profilesQuery } from '../queries';
import { matchProfile, PROFILE_MESSAGES, usesDefaultProfiles } from '../rules';
import '../profiles.scss';

const NOUN = { one: 'profile', other: 'profiles' };
const SEARCH: ListSearch<LxdProfile> = {
  label: 'Search profiles',
  placeholder: 'Search by name or description',
  compile: matchProfile,
};
const rowKey = (profile: LxdProfile) => profile.name;

function CreateProfileButton({ project, allowed }: { project: string; allowed: boolean }) {
  return allowed ? (
    <Link className="p-button--positive" to={paths.profileCreate(project)}>
      Create profile
    </Link>
  ) : (
    <button type="button" className="p-button--positive" disabled title={PROFILE_MESSAGES.noCreate}>
      Create profile
    </button>
  );
}

/** /ui/project/{project}/profiles: name, description, instances using it, search (?search=). */
export function ProfileListPage() {
  const { project = '' } = useParams();
  const { isFineGrained, projects } = useAuth();
  const list = useQuery(profilesQuery(project, isFineGrained));
  const { canCreateProfiles } = useProjectAbilities(project);
  const inherited = usesDefaultProfiles(projects.find((p) => p.name === project));
  const columns = useMemo(() => profileColumns(project), [project]);
  const view = useListView({
    id: PROFILE_LIST_ID,
    rows: list.data,
    columns,
    rowKey,
    defaultSort: PROFILE_LIST_SORT,
    search: SEARCH,
  });

  return (
    <section className="list-page profile-page" aria-labelledby="profiles-heading">
      <PageHeader title={<span id="profiles-heading">Profiles</span>}>
        <CreateProfileButton project={project} allowed={canCreateProfiles} />
      </PageHeader>
      {inherited && (
        <p className="profile-inherited" role="note">
          Project {project} does not have its own profiles: these are the profiles of the default
          project.
        </p>
      )}
      <ResourceList<LxdProfile>
        view={view}
        label="Profiles"
        noun={NOUN}
        query={list}
        rowLabel={rowKey}
        empty={{
          body: <p>Profiles hold configuration and devices that several instances share.</p>,
          action: canCreateProfiles && <CreateProfileButton project={project} allowed />,
        }}
      />
    </section>
  );
}
