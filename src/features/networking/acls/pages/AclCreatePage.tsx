import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../../../shared/routing/router';
import { networkAclNameExists } from '../../../../lxd/endpoints/network-acls';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { ErrorNotice } from '../../../../shared/ui/States';
import { AclForm } from '../components/AclForm';
import { newAclValues, valuesToPost, type AclFormValues } from '../form';
import { useCreateAcl } from '../queries';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import '../acls.scss';

/** /ui/project/{project}/network-acls/create: the ACL form; then the new ACL. */
export function AclCreatePage() {
  const { project = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const createReason = usePermissions().inProject(project, 'createNetworkAcls');
  const create = useCreateAcl(project);
  const [initial] = useState(newAclValues);

  const submit = (values: AclFormValues) => {
    const body = valuesToPost(values);
    create.mutate(body, {
      onSuccess: () => {
        notify.success('Network ACL created', `Network ACL ${body.name} was created.`);
        void navigate(paths.networkAcl(project, body.name));
      },
    });
  };

  return (
    <section className="page acl-page" aria-labelledby="acl-create-heading">
      <header className="page-header">
        <div>
          <nav aria-label="Breadcrumb" className="acl-breadcrumb">
            <Link to={paths.networkAcls(project)}>Network ACLs</Link>
          </nav>
          <h1 className="p-heading--4 page-header__title" id="acl-create-heading">
            Create a network ACL
          </h1>
        </div>
      </header>
      <AclForm
        mode="create"
        project={project}
        initial={initial}
        isNameTaken={(name) => networkAclNameExists(project, name)}
        onSubmit={submit}
        busy={create.isPending}
        readOnlyReason={createReason}
        onCancel={() => void navigate(paths.networkAcls(project))}
        notice={
          create.error ? (
            <ErrorNotice title="Could not create the network ACL" error={create.error} />
          ) : undefined
        }
      />
    </section>
  );
}
