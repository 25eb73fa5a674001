import { useQuery } from '@tanstack/react-query';
import type { LxdProfile } from '../../../lxd/types/profile';
import { isSectionId, SECTIONS } from '../../../shared/config-form';
import { detailPage } from '../../../shared/pages';
import { paths } from '../../../shared/routing/paths';
import { ResourceHistory, activityResource } from '../../activity';
import { ProfileActions } from '../components/ProfileActions';
import { ProfileConfiguration } from '../components/ProfileConfiguration';
import { ProfileOverview } from '../components/ProfileOverview';
import { profileQuery } from '../queries';
import '../profiles.scss';

/** /ui/project/{project}/profile/{name}[/{activeTab}[/{section}]]. */
export const ProfileDetailPage = detailPage<LxdProfile>({
  noun: 'profile',
  tabsLabel: 'Profile views',
  idPrefix: 'profile',
  useDetail: ({ project, name }) => useQuery(profileQuery(project, name)),
  parent: ({ project }) => ({ label: 'Profiles', to: paths.profiles(project) }),
  actions: (profile, { project, activeTab }) => (
    <ProfileActions project={project} profile={profile} activeTab={activeTab} />
  ),
  path: ({ project, name }, tab, section) => paths.profile(project, name, tab, section),
  tabs: [
    {
      id: 'overview',
      label: 'Overview',
      render: (profile, { project }) => <ProfileOverview project={project} profile={profile} />,
    },
    {
      id: 'configuration',
      label: 'Configuration',
      sections: () => SECTIONS.map((section) => section.id),
      render: (profile, { project, section }) => (
        <ProfileConfiguration
          key={profile.name}
          project={project}
          latest={profile}
          section={isSectionId(section) ? section : 'main'}
        />
      ),
    },
    {
      id: 'history',
      label: 'History',
      render: (profile, { project }) => (
        <ResourceHistory resource={activityResource.profile(profile.name)} project={project} />
      ),
    },
  ],
});
