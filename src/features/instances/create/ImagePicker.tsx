import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { InstanceType } from '../../../lxd/types/instance';
import { useAuth } from '../../../shared/auth/context';
import { formatBytes } from '../../../shared/format/bytes';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { Modal } from '../../../shared/ui/Modal';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { imagesQuery } from '../../images';
import type { ChosenImage } from './create-body';
import { RemoteImages } from './RemoteImages';

export const TYPE_LABELS: Record<InstanceType, string> = {
  container: 'Container',
  'virtual-machine': 'Virtual machine',
};

export const VM_UNAVAILABLE =
  'Virtual machines are not available: this server has no qemu instance driver (environment.driver lacks qemu).';

function matches(text: string, query: string) {
  return text.toLowerCase().includes(query.trim().toLowerCase());
}

/** The project's local images (and remote servers on demand), to choose one from. */
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
  const images = useQuery(imagesQuery(project, isFineGrained));
  const [tab, setTab] = useState<'local' | 'remote'>('local');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'' | InstanceType>('');
  const searchId = useId();
  const typeId = useId();

  const rows = (images.data ?? [])
    .map((image) => ({
      image,
      alias: image.aliases?.[0]?.name,
      description: image.properties?.description ?? '',
    }))
    .filter(
      (row) =>
        (type === '' || row.image.type === type) &&
        (search === '' ||
          matches(`${row.alias ?? ''} ${row.description} ${row.image.fingerprint}`, search)),
    );

  return (
    <Modal title="Choose an image" onClose={onClose}>
      <div className="image-picker">
        <div className="p-tabs">
          <div className="p-tabs__list" role="tablist" aria-label="Image sources">
            {(['local', 'remote'] as const).map((id) => (
              <div className="p-tabs__item" key={id}>
                <button
                  type="button"
                  role="tab"
                  className="p-tabs__link"
                  aria-selected={tab === id}
                  onClick={() => setTab(id)}
                >
                  {id === 'local' ? 'Local images' : 'Remote servers'}
                </button>
              </div>
            ))}
          </div>
        </div>
        <div className="image-picker__filters">
          <label htmlFor={searchId}>Search images</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="Alias, description or fingerprint"
            onChange={(event) => setSearch(event.target.value)}
          />
          <label htmlFor={typeId}>Type</label>
          <select
            id={typeId}
            value={type}
            onChange={(event) => setType(event.target.value as '' | InstanceType)}
          >
            <option value="">All types</option>
            <option value="container">Container</option>
            <option value="virtual-machine">Virtual machine</option>
          </select>
        </div>
        {!vmSupported && <p className="u-text--muted">{VM_UNAVAILABLE}</p>}
        {tab === 'remote' ? (
          <RemoteImages search={search} type={type} vmSupported={vmSupported} onChoose={onChoose} />
        ) : images.isPending ? (
          <Loader text="Loading images…" />
        ) : images.isError ? (
          <ErrorNotice title="Could not load images" error={images.error} />
        ) : images.data.length === 0 ? (
          <EmptyState title="This project has no local images">
            <p>
              Import one on the <Link to={paths.images(project)}>Images page</Link>. Remote image
              servers are listed under Remote servers, when this browser can reach them.
            </p>
          </EmptyState>
        ) : (
          <table aria-label="Local images" className="image-picker__table">
            <thead>
              <tr>
                <th scope="col">Alias</th>
                <th scope="col">Description</th>
                <th scope="col">Type</th>
                <th scope="col">Architecture</th>
                <th scope="col">Size</th>
                <th scope="col">
                  <span className="u-off-screen">Choose</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ image, alias, description }) => {
                const blocked = image.type === 'virtual-machine' && !vmSupported;
                const label = alias ?? image.fingerprint.slice(0, 12);
                return (
                  <tr key={image.fingerprint}>
                    <th scope="row">{label}</th>
                    <td>{description}</td>
                    <td>{TYPE_LABELS[image.type]}</td>
                    <td>{image.architecture}</td>
                    <td>{formatBytes(image.size)}</td>
                    <td>
                      <button
                        type="button"
                        className="p-button is-dense"
                        disabled={blocked}
                        title={blocked ? VM_UNAVAILABLE : undefined}
                        aria-label={`Select ${label}`}
                        onClick={() =>
                          onChoose({
                            kind: 'local',
                            fingerprint: image.fingerprint,
                            alias,
                            description,
                            type: image.type,
                            architecture: image.architecture,
                          })
                        }
                      >
                        Select
                      </button>
                    </td>
                  </tr>
                );
              })}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={6}>No image matches the search.</td>
                </tr>
              )}
            </tbody>
          </table>
        )}
      </div>
    </Modal>
  );
}
