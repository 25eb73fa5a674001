import { Link, useNavigate, useParams } from '../../../../shared/routing/router';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { AclForm } from '../components/AclForm';
import { newAclValues, valuesToPost, type AclFormValues } from '../form';
import { useCreateAcl } from '../queries';
import '../../../../shared/pages/pages.scss';
import '../acls.scss';

/** /ui/project/{project}/network-acls/create: the ACL form; then the new ACL. */
export function AclCreatePage() {
  const { project = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const createReason = usePermissions().inProject(project, 'createNetworkAcls');
  const create = useCreateAcl(project);

  const submit = async (values: AclFormValues) => {
    const body = valuesToPost(values);
    await create.mutateAsync(body);
    notify.success('Network ACL created', `Network ACL ${body.name} was created.`);
    void navigate(paths.networkAcl(project, body.name));
  };

  return (
    <section className="page detail-page acl-page" aria-labelledby="acl-create-heading">
      <PageHeader
        breadcrumb={<Link to={paths.networkAcls(project)}>Network ACLs</Link>}
        title={<span id="acl-create-heading">Create a network ACL</span>}
      />
      <AclForm
        mode="create"
        project={project}
        initial={newAclValues()}
        onSubmit={submit}
        readOnlyReason={createReason}
        onCancel={() => void navigate(paths.networkAcls(project))}
      />
    </section>
  );
}
