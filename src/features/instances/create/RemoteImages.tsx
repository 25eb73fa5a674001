import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Loader } from '../../../shared/ui/Loader';
import {
  ResourceList,
  useListView,
  type ListColumn,
  type ListSearch,
} from '../../../shared/ui/list';
import { instanceKeys } from '../queries';
import type { ChosenImage } from './create-body';
import {
  BY_ALIAS,
  PICKER_NOUN,
  pickerColumns,
  typeFilter,
  VM_UNAVAILABLE,
} from './imagePickerList';
import {
  fetchRemoteImages,
  REMOTE_SERVERS,
  type RemoteImage,
  type RemoteServer,
} from './simplestreams';

const COLUMNS: readonly ListColumn<RemoteImage>[] = pickerColumns<RemoteImage>(
  {
    alias: (image) => image.alias,
    description: (image) => image.description,
    architecture: (image) => image.architecture,
  },
  12,
);

const FILTERS = [typeFilter<RemoteImage>()];
const rowKey = (image: RemoteImage) => `${image.alias}-${image.type}-${image.architecture}`;
const rowLabel = (image: RemoteImage) => `${image.alias} (${image.type})`;
const compile = (term: string) => {
  const query = term.trim().toLowerCase();
  return (image: RemoteImage) =>
    `${image.alias} ${image.description}`.toLowerCase().includes(query);
};

function ServerImages({
  server,
  vmSupported,
  onChoose,
}: {
  server: RemoteServer;
  vmSupported: boolean;
  onChoose: (image: ChosenImage) => void;
}) {
  const list = useQuery({
    queryKey: [...instanceKeys.all, 'remote-images', server.url],
    queryFn: ({ signal }) => fetchRemoteImages(server, signal),
    retry: false,
    staleTime: 10 * 60_000,
  });
  const [search] = useState<ListSearch<RemoteImage>>(() => ({
    label: `Search ${server.name}`,
    placeholder: 'Alias or description',
    compile,
  }));
  const view = useListView<RemoteImage>({
    state: 'local',
    rows: list.data,
    columns: COLUMNS,
    rowKey,
    defaultSort: BY_ALIAS,
    search,
    filters: FILTERS,
  });
  const rowActions = useCallback(
    (image: RemoteImage) => {
      const blocked = image.type === 'virtual-machine' && !vmSupported;
      return (
        <button
          type="button"
          className="p-button is-dense"
          disabled={blocked}
          title={blocked ? VM_UNAVAILABLE : undefined}
          aria-label={`Select ${rowLabel(image)}`}
          onClick={() => {
            onChoose({ kind: 'remote', server: server.url, protocol: 'simplestreams', ...image });
          }}
        >
          Select
        </button>
      );
    },
    [vmSupported, onChoose, server.url],
  );

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
  return (
    <ResourceList<RemoteImage>
      view={view}
      label={`Images on ${server.name}`}
      noun={PICKER_NOUN}
      query={list}
      empty={{ title: `${server.name} lists no images` }}
      rowActions={rowActions}
      actionsWidth={7}
      rowLabel={rowLabel}
    />
  );
}

/** Remote simplestreams servers: asked only when the user opens one (closed networks). */
export function RemoteImages(props: {
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
            <button
              type="button"
              className="p-button"
              onClick={() => {
                setOpen(server.url);
              }}
            >
              Load images from {server.name}
            </button>
          )}
        </section>
      ))}
    </div>
  );
}
