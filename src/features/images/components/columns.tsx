/**
 * The image list's columns. The Project column is there only in the all-projects view; the
 * aliases cell opens the aliases dialog of its image.
 */
import { useState } from 'react';
import type { LxdImage } from '../../../lxd/types/image';
import { formatBytes } from '../../../shared/format/bytes';
import { formatDate, isZeroDate } from '../../../shared/format/dates';
import type { ListColumn, SortState } from '../../../shared/ui/list';
import { aliasNames, imageDescription, imageLabel, imageProject, imageTypeLabel } from '../model';
import { FingerprintCell } from './FingerprintCell';
import { ResourceName } from '../../../shared/ui/ResourceIcon';
import { ImageAliasesModal } from './ImageAliasesModal';

export type ImageColumn = ListColumn<LxdImage>;

/** The columns menu remembers its choice under `lxd-console.images.hidden-columns`. */
export const IMAGE_LIST_ID = 'images';
export const DEFAULT_SORT: SortState = { column: 'description', direction: 'ascending' };

/** A day for the list ("Nov 22, 2026"); the full time is in the title. */
function formatDay(value: string): string {
  if (isZeroDate(value)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

const titled = (text: string) => <span title={text}>{text}</span>;

function AliasesCell({ image, project }: { image: LxdImage; project: string }) {
  const [open, setOpen] = useState(false);
  const aliases = aliasNames(image).join(', ');
  return (
    <span className="images-aliases-cell">
      {aliases ? (
        <span className="images-aliases" title={aliases}>
          {aliases}
        </span>
      ) : (
        <span className="images-aliases u-text--muted">-</span>
      )}
      <button
        type="button"
        className="p-button--base is-dense images-aliases-cell__edit"
        aria-label={`Manage aliases of ${imageLabel(image)}`}
        title="Add or remove aliases"
        onClick={() => {
          setOpen(true);
        }}
      >
        Manage
      </button>
      {open && (
        <ImageAliasesModal
          image={image}
          project={imageProject(image, project)}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </span>
  );
}

/**
 * The columns of the list. `project` is the page's project (images of the all-projects list
 * carry their own).
 */
export function imageColumns({
  allProjects,
  project,
}: {
  allProjects: boolean;
  project: string;
}): ImageColumn[] {
  const columns: (ImageColumn | false)[] = [
    {
      id: 'description',
      header: 'Description',
      alwaysShown: true,
      rowHeader: true,
      sortValue: (image) => imageLabel(image),
      cell: (image) => {
        const description = imageDescription(image);
        return (
          <ResourceName type="image">
            {description ? (
              titled(description)
            ) : (
              <span className="u-text--muted">No description</span>
            )}
          </ResourceName>
        );
      },
    },
    {
      id: 'aliases',
      header: 'Aliases',
      width: 10,
      priority: 2,
      cell: (image) => <AliasesCell image={image} project={project} />,
    },
    {
      id: 'fingerprint',
      header: 'Fingerprint',
      width: 9.5,
      priority: 2,
      cell: (image) => <FingerprintCell fingerprint={image.fingerprint} />,
    },
    allProjects && {
      id: 'project',
      header: 'Project',
      width: 8,
      priority: 2,
      sortValue: (image) => imageProject(image, project),
      cell: (image) => titled(imageProject(image, project)),
    },
    {
      id: 'type',
      header: 'Type',
      width: 6.5,
      sortValue: (image) => image.type,
      cell: (image) => imageTypeLabel(image.type),
    },
    {
      id: 'architecture',
      header: 'Architecture',
      width: 6.5,
      priority: 2,
      // The Architecture filter says it already; shown from the Columns menu.
      hiddenByDefault: true,
      cell: (image) => image.architecture,
    },
    {
      id: 'size',
      header: 'Size',
      width: 5.5,
      align: 'right',
      priority: 2,
      sortValue: (image) => image.size,
      cell: (image) => formatBytes(image.size),
    },
    {
      id: 'public',
      header: 'Public',
      width: 4.5,
      priority: 2,
      // The edit dialog shows it; hidden so that the row's actions fit at 1400 px.
      hiddenByDefault: true,
      cell: (image) => (image.public ? 'Yes' : 'No'),
    },
    {
      id: 'uploaded',
      header: 'Uploaded',
      width: 8,
      priority: 2,
      sortValue: (image) => Date.parse(image.uploaded_at) || 0,
      cell: (image) => (
        <time dateTime={image.uploaded_at} title={formatDate(image.uploaded_at)}>
          {formatDay(image.uploaded_at)}
        </time>
      ),
    },
  ];
  return columns.filter((column): column is ImageColumn => column !== false);
}
