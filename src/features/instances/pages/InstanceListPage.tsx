import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { projectInstancesQuery } from '../queries';

export function InstanceListPage() {
  const { project = 'default' } = useParams();
  const { data, error, isPending } = useQuery(projectInstancesQuery(project));

  return (
    <section className="page" aria-labelledby="instances-heading">
      <header className="page-header">
        <h1 id="instances-heading" className="p-heading--4">
          Instances
        </h1>
      </header>
      {isPending && <p role="status">Loading instances…</p>}
      {error && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <h2 className="p-notification__title">Could not load instances</h2>
            <p className="p-notification__message">{error.message}</p>
          </div>
        </div>
      )}
      {data?.length === 0 && <p>No instances found in project {project}.</p>}
      {data && data.length > 0 && (
        <table aria-label="Instances">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.map((instance) => (
              <tr key={instance.name}>
                <th scope="row">{instance.name}</th>
                <td>{instance.type === 'virtual-machine' ? 'VM' : 'Container'}</td>
                <td>{instance.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
