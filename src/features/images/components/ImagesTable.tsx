import { Link } from 'react-router';
import type { LxdImage } from '../../../lxd/types/image';
import { formatBytes } from '../../../shared/format/bytes';
import { formatDate, isZeroDate } from '../../../shared/format/dates';
import { paths } from '../../../shared/routing/paths';
import {
  aliasNames,
  imageDescription,
  imageKey,
  imageLabel,
  imageProject,
  imageTypeLabel,
  type ImageSortKey,
  type SortDirection,
} from '../model';
import { FingerprintCell } from './FingerprintCell';
import { DeleteImageButton } from './DeleteImageButton';

/** A day for the list ("Nov 22, 2026"); the full time is in the title. */
function formatDay(value: string): string {
  if (isZeroDate(value)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export const NO_DELETE_PERMISSION = 'You do not have permission to delete this image';

export interface ImageSort {
  key: ImageSortKey;
  direction: SortDirection;
}

interface ImagesTableProps {
  images: readonly LxdImage[];
  /** The page's project (images of an all-projects list carry their own). */
  project: string;
  showProject: boolean;
  selected: ReadonlySet<string>;
  onSelect: (image: LxdImage, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  sort: ImageSort;
  onSort: (key: ImageSortKey) => void;
  canDelete: (image: LxdImage) => boolean;
  onManageAliases: (image: LxdImage) => void;
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: ImageSortKey;
  sort: ImageSort;
  onSort: (key: ImageSortKey) => void;
  className?: string;
}) {
  return (
    <th scope="col" aria-sort={sort.key === column ? sort.direction : 'none'} className={className}>
      <button
        type="button"
        className="p-table__sort-button"
        onClick={() => {
          onSort(column);
        }}
      >
        {label}
      </button>
    </th>
  );
}

export function ImagesTable({
  images,
  project,
  showProject,
  selected,
  onSelect,
  onSelectAll,
  sort,
  onSort,
  canDelete,
  onManageAliases,
}: ImagesTableProps) {
  const deletable = images.filter(canDelete);
  const allSelected =
    deletable.length > 0 && deletable.every((image) => selected.has(imageKey(image)));
  const header = { sort, onSort };

  return (
    <div className="images-table-wrap">
      <table aria-label="Images" className="images-table p-table--sortable">
        <thead>
          <tr>
            <th scope="col" className="images-table__select">
              <label className="p-checkbox--inline images-checkbox">
                <input
                  type="checkbox"
                  className="p-checkbox__input"
                  aria-label="Select all images"
                  checked={allSelected}
                  disabled={deletable.length === 0}
                  onChange={(event) => {
                    onSelectAll(event.target.checked);
                  }}
                />
                <span className="p-checkbox__label" />
              </label>
            </th>
            <SortHeader label="Description" column="description" {...header} />
            <th scope="col" className="images-table__aliases">
              Aliases
            </th>
            <th scope="col">Fingerprint</th>
            {showProject && <th scope="col">Project</th>}
            <SortHeader label="Type" column="type" {...header} />
            <th scope="col">Architecture</th>
            <SortHeader label="Size" column="size" {...header} />
            <th scope="col">Public</th>
            <SortHeader label="Uploaded" column="uploaded" {...header} />
            <th scope="col" className="images-table__actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {images.map((image) => {
            const key = imageKey(image);
            const label = imageLabel(image);
            const allowed = canDelete(image);
            const owner = imageProject(image, project);
            const aliases = aliasNames(image);
            return (
              <tr key={key} aria-selected={selected.has(key)}>
                <td className="images-table__select">
                  <label className="p-checkbox--inline images-checkbox">
                    <input
                      type="checkbox"
                      className="p-checkbox__input"
                      aria-label={`Select ${label}`}
                      checked={selected.has(key)}
                      disabled={!allowed}
                      title={allowed ? undefined : NO_DELETE_PERMISSION}
                      onChange={(event) => {
                        onSelect(image, event.target.checked);
                      }}
                    />
                    <span className="p-checkbox__label" />
                  </label>
                </td>
                <th scope="row" className="images-table__description">
                  {imageDescription(image) || <span className="u-text--muted">No description</span>}
                </th>
                <td>
                  <div className="images-aliases-cell">
                    {aliases.length === 0 ? (
                      <span className="u-text--muted">-</span>
                    ) : (
                      <ul className="images-aliases">
                        {aliases.map((alias) => (
                          <li key={alias}>{alias}</li>
                        ))}
                      </ul>
                    )}
                    <button
                      type="button"
                      className="p-button--base is-small images-aliases-cell__edit"
                      aria-label={`Manage aliases of ${label}`}
                      title="Add or remove aliases"
                      onClick={() => {
                        onManageAliases(image);
                      }}
                    >
                      Edit
                    </button>
                  </div>
                </td>
                <td>
                  <FingerprintCell fingerprint={image.fingerprint} />
                </td>
                {showProject && <td>{owner}</td>}
                <td className="images-table__nowrap">{imageTypeLabel(image.type)}</td>
                <td className="images-table__nowrap">{image.architecture}</td>
                <td className="u-align--right images-table__nowrap">{formatBytes(image.size)}</td>
                <td>{image.public ? 'Yes' : 'No'}</td>
                <td className="images-table__nowrap">
                  <time dateTime={image.uploaded_at} title={formatDate(image.uploaded_at)}>
                    {formatDay(image.uploaded_at)}
                  </time>
                </td>
                <td className="images-table__actions">
                  <Link
                    className="images-create-link"
                    to={`${paths.instanceCreate(owner)}?image=${encodeURIComponent(image.fingerprint)}`}
                    aria-label={`Create instance from ${label}`}
                  >
                    Create instance
                  </Link>
                  <DeleteImageButton image={image} project={owner} allowed={allowed} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
