import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LxdImage } from '../../../lxd/types/image';
import type { InstanceType } from '../../../lxd/types/instance';
import { useAuth } from '../../../shared/auth/context';
import { formatBytes } from '../../../shared/format/bytes';
import { paths } from '../../../shared/routing/paths';
import {
  ResourceList,
  useListView,
  type ListColumn,
  type ListSearch,
} from '../../../shared/ui/list';
import { Modal } from '../../../shared/ui/Modal';
import { imagesQuery } from '../../images';
import { chosenLocalImage, type ChosenImage } from './create-body';
import {
  BY_ALIAS,
  PICKER_NOUN,
  pickerColumns,
  typeFilter,
  VM_UNAVAILABLE,
} from './imagePickerList';
import { RemoteImages } from './RemoteImages';

export { TYPE_LABELS, VM_UNAVAILABLE } from './imagePickerList';

interface LocalRow {
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
const FILTERS = [typeFilter<LocalRow>()];
const rowKey = (row: LocalRow) => row.image.fingerprint;
const rowLabel = (row: LocalRow) => row.label;

function toRow(image: LxdImage): LocalRow {
  const alias = image.aliases?.[0]?.name;
  return {
    image,
    type: image.type,
    alias,
    description: image.properties?.description ?? '',
    label: alias ?? image.fingerprint.slice(0, 12),
  };
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
  const tabsId = useId();
  const rows = useMemo(() => images.data?.map(toRow), [images.data]);
  const view = useListView<LocalRow>({
    state: 'local',
    rows,
    columns: COLUMNS,
    rowKey,
    defaultSort: BY_ALIAS,
    search: SEARCH,
    filters: FILTERS,
  });

  const rowActions = useCallback(
    ({ image, label }: LocalRow) => {
      const blocked = image.type === 'virtual-machine' && !vmSupported;
      return (
        <button
          type="button"
          className="p-button is-dense"
          disabled={blocked}
          title={blocked ? VM_UNAVAILABLE : undefined}
          aria-label={`Select ${label}`}
          onClick={() => {
            onChoose(chosenLocalImage(image));
          }}
        >
          Select
        </button>
      );
    },
    [vmSupported, onChoose],
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
                  id={`${tabsId}-${id}`}
                  className="p-tabs__link"
                  aria-selected={tab === id}
                  aria-controls={`${tabsId}-${id}-panel`}
                  onClick={() => {
                    setTab(id);
                  }}
                >
                  {id === 'local' ? 'Local images' : 'Remote servers'}
                </button>
              </div>
            ))}
          </div>
        </div>
        {!vmSupported && <p className="u-text--muted">{VM_UNAVAILABLE}</p>}
        {/* Both panels stay mounted, so each keeps its search while the other tab is shown. */}
        <div
          role="tabpanel"
          id={`${tabsId}-local-panel`}
          aria-labelledby={`${tabsId}-local`}
          hidden={tab !== 'local'}
        >
          <ResourceList<LocalRow>
            view={view}
            label="Local images"
            noun={PICKER_NOUN}
            query={images}
            empty={{
              title: 'This project has no local images',
              body: (
                <p>
                  Import one on the <Link to={paths.images(project)}>Images page</Link>. Remote
                  image servers are listed under Remote servers, when this browser can reach them.
                </p>
              ),
            }}
            rowActions={rowActions}
            actionsWidth={7}
            rowLabel={rowLabel}
          />
        </div>
        <div
          role="tabpanel"
          id={`${tabsId}-remote-panel`}
          aria-labelledby={`${tabsId}-remote`}
          hidden={tab !== 'remote'}
        >
          <RemoteImages vmSupported={vmSupported} onChoose={onChoose} />
        </div>
      </div>
    </Modal>
  );
}
