import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link } from '../../../shared/routing/router';
import type { LxdImage } from '../../../lxd/types/image';
import type { InstanceType } from '../../../lxd/types/instance';
import { useAuth } from '../../../shared/auth/context';
import { useProductName } from '../../../shared/auth/product';
import { formatBytes } from '../../../shared/format/bytes';
import { paths } from '../../../shared/routing/paths';
import type { ListColumn, ListSearch } from '../../../shared/ui/list';
import { Modal } from '../../../shared/ui/Modal';
import { imagesQuery } from '../../images';
import { chosenLocalImage, type ChosenImage } from './create-body';
import { pickerColumns, VM_UNAVAILABLE, type ImageAttributes } from './imagePickerList';
import { ImageServerList, LOCAL } from './ImageServerList';
import { loadUserServers, saveUserServers } from './imageServers';
import { PickerList } from './PickerList';
import { ServerImages } from './RemoteImages';
import { DEFAULT_SERVERS, type RemoteServer } from './simplestreams';
import '../../../shared/config-form/config-form.scss';
import './image-picker.scss';

export { TYPE_LABELS, VM_UNAVAILABLE } from './imagePickerList';

interface LocalRow extends ImageAttributes {
  image: LxdImage;
  type: InstanceType;
  alias: string | undefined;
  description: string;
  /** The first alias, else the short fingerprint. */
  label: string;
}

const COLUMNS: readonly ListColumn<LocalRow>[] = [
  ...pickerColumns<LocalRow>(
    {
      alias: (row) => row.label,
      description: (row) => row.description,
      architecture: (row) => row.image.architecture,
    },
    10,
  ),
  {
    id: 'size',
    header: 'Size',
    width: 6,
    align: 'right',
    priority: 2,
    sortValue: (row) => row.image.size,
    cell: (row) => formatBytes(row.image.size),
  },
];

const SEARCH: ListSearch<LocalRow> = {
  label: 'Search local images',
  placeholder: 'Alias, description or fingerprint',
  compile: (term) => {
    const query = term.trim().toLowerCase();
    return (row) =>
      `${row.alias ?? ''} ${row.description} ${row.image.fingerprint}`
        .toLowerCase()
        .includes(query);
  },
};
const rowKey = (row: LocalRow) => row.image.fingerprint;
const rowLabel = (row: LocalRow) => row.label;

function toRow(image: LxdImage): LocalRow {
  const alias = image.aliases?.[0]?.name;
  const properties = image.properties ?? {};
  return {
    image,
    type: image.type,
    alias,
    description: properties.description ?? '',
    label: alias ?? image.fingerprint.slice(0, 12),
    os: properties.os ?? '',
    release: properties.release ?? '',
    variant: properties.variant ?? '',
    architecture: image.architecture,
  };
}

/**
 * The project's local images and remote simplestreams servers (the defaults and the user's own),
 * to choose one from; a remote server is asked when it is opened.
 */
export function ImagePicker({
  project,
  vmSupported,
  onChoose,
  onClose,
}: {
  project: string;
  vmSupported: boolean;
  onChoose: (image: ChosenImage) => void;
  onClose: () => void;
}) {
  const { isFineGrained } = useAuth();
  const product = useProductName();
  const images = useQuery(imagesQuery(project, isFineGrained));
  const [selected, setSelected] = useState(LOCAL);
  const [userServers, setUserServers] = useState<RemoteServer[]>(loadUserServers);
  const rows = useMemo(() => images.data?.map(toRow), [images.data]);
  const remote = [...DEFAULT_SERVERS, ...userServers].find((server) => server.url === selected);
  const updateServers = (next: RemoteServer[]) => {
    setUserServers(next);
    saveUserServers(next);
  };

  const choose = useCallback((row: LocalRow) => onChoose(chosenLocalImage(row.image)), [onChoose]);

  return (
    <Modal title="Choose an image" onClose={onClose}>
      <div className="image-picker">
        <ImageServerList
          selected={selected}
          onSelect={setSelected}
          userServers={userServers}
          onAdd={(server) => {
            updateServers([...userServers, server]);
            setSelected(server.url);
          }}
          onRemove={(server) => {
            updateServers(userServers.filter((item) => item.url !== server.url));
            if (selected === server.url) setSelected(LOCAL);
          }}
        />
        <div className="image-picker__images">
          {!vmSupported && <p className="u-text--muted">{VM_UNAVAILABLE}</p>}
          {/* The local list stays mounted, so it keeps its search while a remote one is shown. */}
          <div hidden={selected !== LOCAL}>
            <PickerList<LocalRow>
              label="Local images"
              rows={rows}
              query={images}
              columns={COLUMNS}
              search={SEARCH}
              rowKey={rowKey}
              rowLabel={rowLabel}
              empty={{
                title: 'This project has no local images',
                body: (
                  <p>
                    Import one on the <Link to={paths.images(project)}>Images page</Link>, or choose
                    a remote image server.
                  </p>
                ),
              }}
              vmSupported={vmSupported}
              onSelect={choose}
            />
          </div>
          {remote && (
            <section aria-label={remote.name}>
              <h3 className="p-heading--5">
                {remote.name} <span className="u-text--muted">{remote.url}</span>
              </h3>
              <p className="u-text--muted">
                {product} downloads a remote image when the instance is created: both the console
                server (which lists its images) and the {product} server need to reach the image
                server.
              </p>
              <ServerImages
                key={remote.url}
                server={remote}
                vmSupported={vmSupported}
                onChoose={onChoose}
              />
            </section>
          )}
        </div>
      </div>
    </Modal>
  );
}
