import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useProductName } from '../../../shared/auth/product';
import type { ListColumn, ListSearch } from '../../../shared/ui/list';
import { Loader } from '../../../shared/ui/Loader';
import { instanceKeys } from '../keys';
import type { ChosenImage } from './create-body';
import { pickerColumns } from './imagePickerList';
import { PickerList } from './PickerList';
import {
  ConsoleServerMissingError,
  fetchRemoteImages,
  needsConsoleServerMessage,
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
  const choose = useCallback(
    (image: RemoteImage) => {
      onChoose({
        kind: 'remote',
        server: server.url,
        protocol: 'simplestreams',
        alias: image.alias,
        description: image.description,
        type: image.type,
        architecture: image.architecture,
      });
    },
    [onChoose, server.url],
  );
  const product = useProductName();

  if (list.isPending) return <Loader text={`Asking ${server.url}…`} />;
  if (list.isError) {
    // Without the console server no remote server can be read: asking again will not help.
    const noConsoleServer = list.error instanceof ConsoleServerMissingError;
    return (
      <div className="p-notification--caution" role="status">
        <div className="p-notification__content">
          <h3 className="p-notification__title">No images from {server.name}</h3>
          <p className="p-notification__message">
            {noConsoleServer ? needsConsoleServerMessage(product) : list.error.message}
          </p>
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
    <PickerList<RemoteImage>
      label={`Images on ${server.name}`}
      rows={list.data}
      query={list}
      columns={COLUMNS}
      search={search}
      rowKey={rowKey}
      rowLabel={rowLabel}
      empty={{ title: `${server.name} lists no images` }}
      vmSupported={vmSupported}
      onSelect={choose}
    />
  );
}
