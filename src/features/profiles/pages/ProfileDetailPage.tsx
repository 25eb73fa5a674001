import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { isSectionId } from '../../../shared/config-form';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { ErrorNotice } from '../../../shared/ui/States';
import { CopyProfileButton } from '../components/CopyProfileButton';
import { ProfileActions } from '../components/ProfileActions';
import { ProfileConfiguration } from '../components/ProfileConfiguration';
import { ProfileOverview } from '../components/ProfileOverview';
import { profileQuery, profilesQuery } from '../queries';
import '../profiles.scss';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'configuration', label: 'Configuration' },
] as const;

/** /ui/project/{project}/profile/{name}[/{activeTab}[/{section}]]. */
export function ProfileDetailPage() {
  const { project = '', name = '', activeTab, section } = useParams();
  const { isFineGrained } = useAuth();
  const navigate = useNavigate();
  const detail = useQuery(profileQuery(project, name));
  const list = useQuery(profilesQuery(project, isFineGrained));
  const tab = activeTab ?? 'overview';
  const listed = list.data?.find((p) => p.name === name);
  const permissions = usePermissions();
  const editReason = permissions.on('profile', 'edit', listed);

  if (!TABS.some((t) => t.id === tab) || (section !== undefined && !isSectionId(section))) {
    return <Navigate to={paths.profile(project, name)} replace />;
  }

  return (
    <section className="page profile-page" aria-labelledby="profile-heading">
      <header className="page-header">
        <div>
          <nav aria-label="Breadcrumb" className="profile-breadcrumb">
            <Link to={paths.profiles(project)}>Profiles</Link>
          </nav>
          <h1 className="p-heading--4 page-header__title" id="profile-heading">
            {name}
          </h1>
        </div>
        {detail.data && (
          <div className="profile-page__header-actions">
            <CopyProfileButton
              project={project}
              profile={detail.data}
              onCopied={(target) => void navigate(paths.profile(target.project, target.name))}
            />
            <ProfileActions
              project={project}
              profile={detail.data}
              existingNames={(list.data ?? []).map((p) => p.name)}
              renameReason={permissions.on('profile', 'rename', listed)}
              deleteReason={permissions.on('profile', 'delete', listed)}
              onRenamed={(newName) => void navigate(paths.profile(project, newName, activeTab))}
              onDeleted={() => void navigate(paths.profiles(project))}
            />
          </div>
        )}
      </header>
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Profile views">
          {TABS.map((t) => (
            <div className="p-tabs__item" key={t.id}>
              <Link
                className="p-tabs__link"
                role="tab"
                aria-selected={t.id === tab}
                to={paths.profile(project, name, t.id === 'overview' ? undefined : t.id)}
              >
                {t.label}
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-label={tab === 'overview' ? 'Overview' : 'Configuration'}>
        {detail.isPending && <Loader text="Loading profile…" />}
        {detail.error && (
          <ErrorNotice
            title="Could not load the profile"
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
        {detail.data && tab === 'overview' && (
          <ProfileOverview project={project} profile={detail.data} />
        )}
        {detail.data && tab === 'configuration' && (
          <ProfileConfiguration
            key={detail.data.name}
            project={project}
            latest={detail.data}
            section={section && isSectionId(section) ? section : 'main'}
            readOnlyReason={editReason}
          />
        )}
      </div>
    </section>
  );
}
