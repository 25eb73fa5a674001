import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InstanceType } from '../../../lxd/types/instance';
import { Loader } from '../../../shared/ui/Loader';
import { instanceKeys } from '../queries';
import type { ChosenImage } from './create-body';
import { fetchRemoteImages, REMOTE_SERVERS, type RemoteServer } from './simplestreams';

/** At most this many remote rows are drawn; the search narrows them down. */
const MAX_ROWS = 200;

function ServerImages({
  server,
  search,
  type,
  vmSupported,
  onChoose,
}: {
  server: RemoteServer;
  search: string;
  type: '' | InstanceType;
  vmSupported: boolean;
  onChoose: (image: ChosenImage) => void;
}) {
  const list = useQuery({
    queryKey: [...instanceKeys.all, 'remote-images', server.url],
    queryFn: ({ signal }) => fetchRemoteImages(server, signal),
    retry: false,
    staleTime: 10 * 60_000,
  });
  if (list.isPending) return <Loader text={`Asking ${server.url}…`} />;
  if (list.isError) {
    return (
      <div className="p-notification--caution" role="status">
        <div className="p-notification__content">
          <h3 className="p-notification__title">Remote image server not reachable</h3>
          <p className="p-notification__message">
            {list.error.message} Only this project&apos;s local images can be used. Import images on
            the Images page, or create the instance from a local image.
          </p>
        </div>
      </div>
    );
  }
  const query = search.trim().toLowerCase();
  const rows = list.data.filter(
    (image) =>
      (type === '' || image.type === type) &&
      (query === '' || `${image.alias} ${image.description}`.toLowerCase().includes(query)),
  );
  return (
    <table aria-label={`Images on ${server.name}`} className="image-picker__table">
      <thead>
        <tr>
          <th scope="col">Alias</th>
          <th scope="col">Description</th>
          <th scope="col">Type</th>
          <th scope="col">Architecture</th>
          <th scope="col">
            <span className="u-off-screen">Choose</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, MAX_ROWS).map((image) => {
          const blocked = image.type === 'virtual-machine' && !vmSupported;
          return (
            <tr key={`${image.alias}-${image.type}-${image.architecture}`}>
              <th scope="row">{image.alias}</th>
              <td>{image.description}</td>
              <td>{image.type === 'container' ? 'Container' : 'Virtual machine'}</td>
              <td>{image.architecture}</td>
              <td>
                <button
                  type="button"
                  className="p-button is-dense"
                  disabled={blocked}
                  aria-label={`Select ${image.alias} (${image.type})`}
                  onClick={() =>
                    onChoose({
                      kind: 'remote',
                      server: server.url,
                      protocol: 'simplestreams',
                      ...image,
                    })
                  }
                >
                  Select
                </button>
              </td>
            </tr>
          );
        })}
        {rows.length > MAX_ROWS && (
          <tr>
            <td colSpan={5}>{rows.length - MAX_ROWS} more: narrow the search to see them.</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** Remote simplestreams servers: asked only when the user opens one (closed networks). */
export function RemoteImages(props: {
  search: string;
  type: '' | InstanceType;
  vmSupported: boolean;
  onChoose: (image: ChosenImage) => void;
}) {
  const [open, setOpen] = useState<string>();
  return (
    <div className="remote-images">
      <p className="u-text--muted">
        Remote images are downloaded by the LXD server when the instance is created: both this
        browser and the server need to reach the image server.
      </p>
      {REMOTE_SERVERS.map((server) => (
        <section key={server.url} aria-label={server.name}>
          <h3 className="p-heading--5">
            {server.name} <span className="u-text--muted">{server.url}</span>
          </h3>
          {open === server.url ? (
            <ServerImages server={server} {...props} />
          ) : (
            <button type="button" className="p-button" onClick={() => setOpen(server.url)}>
              Load images from {server.name}
            </button>
          )}
        </section>
      ))}
    </div>
  );
}
