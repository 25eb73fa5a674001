import { useQuery } from '@tanstack/react-query';
import type { LxdProfile } from '../../../lxd/types/profile';
import { listPage, listRows } from '../../../shared/pages';
import { paths } from '../../../shared/routing/paths';
import {
  PROFILE_LIST_ID,
  PROFILE_LIST_SORT,
  profileColumns,
} from '../components/profileListColumns';
import { profilesQuery } from '../queries';
import { matchProfile, usesDefaultProfiles } from '../rules';
import '../profiles.scss';

/** /ui/project/{project}/profiles: name, description, instances using it, search (?search=). */
export const ProfileListPage = listPage<LxdProfile>({
  id: PROFILE_LIST_ID,
  title: 'Profiles',
  noun: { one: 'profile', other: 'profiles' },
  className: 'profile-page',
  useRows: ({ project, auth }) => listRows(useQuery(profilesQuery(project, auth.isFineGrained))),
  columns: ({ project }) => profileColumns(project),
  rowKey: (profile) => profile.name,
  defaultSort: PROFILE_LIST_SORT,
  search: {
    label: 'Search profiles',
    placeholder: 'Search by name or description',
    compile: matchProfile,
  },
  create: {
    label: 'Create profile',
    to: ({ project }) => paths.profileCreate(project),
    action: 'createProfiles',
  },
  notice: ({ project, auth }) =>
    usesDefaultProfiles(auth.projects.find((p) => p.name === project)) && (
      <p className="page-note" role="note">
        Project {project} does not have its own profiles: these are the profiles of the default
        project.
      </p>
    ),
  empty: 'Profiles hold configuration and devices that several instances share.',
});
