import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from '../../../../shared/routing/router';
import { useAuth } from '../../../../shared/auth/context';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { AclActions } from '../components/AclActions';
import { AclLog } from '../components/AclLog';
import { AclRules } from '../components/AclRules';
import { AclUsedBy } from '../components/AclUsedBy';
import { aclQuery, aclsQuery } from '../queries';
import { ruleCount } from '../rules';
import '../acls.scss';

const TABS = [
  { id: 'rules', label: 'Rules' },
  { id: 'used-by', label: 'Used by' },
  { id: 'log', label: 'Log' },
] as const;

type TabId = (typeof TABS)[number]['id'];

const plural = (count: number, one: string, other: string) =>
  `${String(count)} ${count === 1 ? one : other}`;

/**
 * /ui/project/{project}/network-acl/{name}: the rules (edited in place, or as YAML), what uses
 * the ACL, its log; rename and delete. The view is kept in the URL as ?tab=.
 */
export function AclDetailPage() {
  const { project = '', name = '' } = useParams();
  const [search] = useSearchParams();
  const { isFineGrained } = useAuth();
  const navigate = useNavigate();
  const detail = useQuery(aclQuery(project, name));
  const list = useQuery(aclsQuery(project, isFineGrained));
  const listed = list.data?.find((acl) => acl.name === name);
  const permissions = usePermissions();
  const asked = search.get('tab');
  const tab: TabId = TABS.find((t) => t.id === asked)?.id ?? 'rules';
  const acl = detail.data;

  return (
    <section className="page acl-page" aria-labelledby="acl-heading">
      <header className="page-header">
        <div>
          <nav aria-label="Breadcrumb" className="acl-breadcrumb">
            <Link to={paths.networkAcls(project)}>Network ACLs</Link>
          </nav>
          <h1 className="p-heading--4 page-header__title" id="acl-heading">
            {name}
          </h1>
          {acl && (
            <p className="acl-summary u-text--muted">
              {[
                acl.description,
                plural(ruleCount(acl.ingress), 'ingress rule', 'ingress rules'),
                plural(ruleCount(acl.egress), 'egress rule', 'egress rules'),
                `used by ${plural(acl.used_by?.length ?? 0, 'object', 'objects')}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </div>
        {acl && (
          <AclActions
            project={project}
            acl={acl}
            existingNames={(list.data ?? []).map((a) => a.name)}
            renameReason={permissions.on('network ACL', 'rename', listed)}
            deleteReason={permissions.on('network ACL', 'delete', listed)}
            onRenamed={(newName) => void navigate(paths.networkAcl(project, newName))}
            onDeleted={() => void navigate(paths.networkAcls(project))}
          />
        )}
      </header>
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Network ACL views">
          {TABS.map((t) => (
            <div className="p-tabs__item" key={t.id}>
              <Link
                className="p-tabs__link"
                role="tab"
                aria-selected={t.id === tab}
                to={`${paths.networkAcl(project, name)}${t.id === 'rules' ? '' : `?tab=${t.id}`}`}
              >
                {t.label}
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
        {detail.isPending && <Loader text="Loading network ACL…" />}
        {detail.error && (
          <ErrorNotice
            title="Could not load the network ACL"
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
        {acl && tab === 'rules' && (
          <AclRules
            key={acl.name}
            project={project}
            latest={acl}
            readOnlyReason={permissions.on('network ACL', 'edit', listed)}
          />
        )}
        {acl && tab === 'used-by' && <AclUsedBy project={project} acl={acl} />}
        {acl && tab === 'log' && <AclLog project={project} name={acl.name} />}
      </div>
    </section>
  );
}
