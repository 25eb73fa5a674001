import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { instancesQuery } from '../queries';

export function InstanceListPage() {
  const { project } = useParams();
  const { data, error, isPending } = useQuery(instancesQuery(project));

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
      {data?.length === 0 && (
        <p>{project ? `No instances found in project ${project}.` : 'No instances found.'}</p>
      )}
      {data && data.length > 0 && (
        <table aria-label="Instances">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              {!project && <th scope="col">Project</th>}
            </tr>
          </thead>
          <tbody>
            {data.map((instance) => (
              <tr key={`${instance.project}/${instance.name}`}>
                <th scope="row">{instance.name}</th>
                <td>{instance.type === 'virtual-machine' ? 'VM' : 'Container'}</td>
                <td>{instance.status}</td>
                {!project && <td>{instance.project}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
