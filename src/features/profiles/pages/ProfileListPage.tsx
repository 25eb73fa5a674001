import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from '../../../shared/routing/router';
import type { LxdProfile } from '../../../lxd/types/profile';
import { useAuth } from '../../../shared/auth/context';
import { paths } from '../../../shared/routing/paths';
import { CreateLink } from '../../../shared/ui/Gated';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import {
  PROFILE_LIST_ID,
  PROFILE_LIST_SORT,
  profileColumns,
} from '../components/profileListColumns';
import { profilesQuery } from '../queries';
import { matchProfile, usesDefaultProfiles } from '../rules';
import '../profiles.scss';

const NOUN = { one: 'profile', other: 'profiles' };
const SEARCH: ListSearch<LxdProfile> = {
  label: 'Search profiles',
  placeholder: 'Search by name or description',
  compile: matchProfile,
};
const rowKey = (profile: LxdProfile) => profile.name;

function CreateProfileButton({ project }: { project: string }) {
  return (
    <CreateLink project={project} action="createProfiles" to={paths.profileCreate(project)}>
      Create profile
    </CreateLink>
  );
}

/** /ui/project/{project}/profiles: name, description, instances using it, search (?search=). */
export function ProfileListPage() {
  const { project = '' } = useParams();
  const { isFineGrained, projects } = useAuth();
  const list = useQuery(profilesQuery(project, isFineGrained));
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
        <CreateProfileButton project={project} />
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
          action: <CreateProfileButton project={project} />,
        }}
      />
    </section>
  );
}
