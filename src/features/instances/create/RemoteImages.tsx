import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Loader } from '../../../shared/ui/Loader';
import {
  ResourceList,
  useListView,
  type ListColumn,
  type ListSearch,
} from '../../../shared/ui/list';
import { instanceKeys } from '../keys';
import type { ChosenImage } from './create-body';
import {
  BY_ALIAS,
  PICKER_NOUN,
  imageFilters,
  pickerColumns,
  VM_UNAVAILABLE,
} from './imagePickerList';
import {
  ConsoleServerMissingError,
  fetchRemoteImages,
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

const rowKey = (image: RemoteImage) => `${image.alias}-${image.type}-${image.architecture}`;
const rowLabel = (image: RemoteImage) => `${image.alias} (${image.type})`;
const compile = (term: string) => {
  const query = term.trim().toLowerCase();
  return (image: RemoteImage) =>
    `${image.alias} ${image.description}`.toLowerCase().includes(query);
};

/** The images of one simplestreams server, asked for when the server is opened in the picker. */
export function ServerImages({
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
  const filters = useMemo(() => imageFilters(list.data), [list.data]);
  const view = useListView<RemoteImage>({
    state: 'local',
    rows: list.data,
    columns: COLUMNS,
    rowKey,
    defaultSort: BY_ALIAS,
    search,
    filters,
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
            onChoose({
              kind: 'remote',
              server: server.url,
              protocol: 'simplestreams',
              alias: image.alias,
              description: image.description,
              type: image.type,
              architecture: image.architecture,
            });
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
    // Without the console server no remote server can be read: asking again will not help.
    const noConsoleServer = list.error instanceof ConsoleServerMissingError;
    return (
      <div className="p-notification--caution" role="status">
        <div className="p-notification__content">
          <h3 className="p-notification__title">No images from {server.name}</h3>
          <p className="p-notification__message">{list.error.message}</p>
          <p className="p-notification__message">
            {noConsoleServer
              ? 'Choose a local image of this project.'
              : 'Choose another server, or a local image of this project.'}
          </p>
          {!noConsoleServer && (
            <button
              type="button"
              className="p-button is-dense"
              onClick={() => {
                void list.refetch();
              }}
            >
              Try again
            </button>
          )}
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
