import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../../../shared/routing/router';
import { progressPercent, type DownloadProgress } from '../../../../lxd/download';
import {
  createInstanceDirectory,
  deleteInstanceFile,
  downloadInstanceFile,
  joinPath,
  parentPath,
  uploadInstanceFile,
} from '../../../../lxd/endpoints/instance-files';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { formatBytes } from '../../../../shared/format/bytes';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../../shared/ui/Gated';
import { ResourceList, useListView, type ListColumn } from '../../../../shared/ui/list';
import { NameDialog } from '../../../../shared/forms';
import { saveBlob } from '../../../../shared/ui/save-file';
import { UploadProgressBar } from '../../../../shared/ui/upload/UploadProgressBar';
import { useUploadFlow, type UploadFlowIo } from '../../../../shared/ui/upload/useUploadFlow';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';
import {
  breadcrumb,
  filesKeys,
  filesQuery,
  linkTarget,
  newDirectoryError,
  normalizePath,
  type FileEntry,
} from './entries';
import './files.scss';

const NOUN = { one: 'entry', other: 'entries' };

const typeText = (entry: FileEntry) => entry.info?.type ?? 'unknown';

/** A folder, a link or an entry of unknown type is opened; a file is downloaded. */
const opens = (entry: FileEntry) => entry.info?.type !== 'file';

/** The files inside an instance: browse, download, upload, new directory, delete. */
export default function FilesTab({ instance }: { instance: LxdInstance }) {
  const { project, name } = instance;
  const [params] = useSearchParams();
  const path = normalizePath(params.get('path'));
  const files = useQuery(filesQuery(project, name, path));
  const client = useQueryClient();
  const notify = useNotify();
  const reason = usePermissions().on('instance', 'accessFiles', instance);
  const [creating, setCreating] = useState(false);
  const [download, setDownload] = useState<{ name: string; progress: DownloadProgress }>();
  const fileInput = useRef<HTMLInputElement>(null);

  const hrefOf = useCallback((target: string) => `?path=${encodeURIComponent(target)}`, []);
  const refresh = () => client.invalidateQueries({ queryKey: filesKeys.all(project, name) });

  const upload = useUploadFlow(
    async (file: File, io: UploadFlowIo) => {
      await uploadInstanceFile(project, name, joinPath(path, file.name), file, {
        onProgress: io.onProgress,
        signal: io.signal,
      });
      return { file: file.name };
    },
    { size: (file) => file.size },
  );
  const startUpload = async (file: File) => {
    const end = await upload.start(file);
    if (end.phase === 'done') {
      notify.success(`${file.name} uploaded`, `Written to ${joinPath(path, file.name)}.`);
      upload.reset();
      await refresh();
    }
  };

  const save = useStableCallback(async (entry: FileEntry) => {
    setDownload({ name: entry.name, progress: { loaded: 0, total: 0 } });
    try {
      const blob = await downloadInstanceFile(project, name, entry.path, (progress) => {
        setDownload({ name: entry.name, progress });
      });
      saveBlob(blob, entry.name);
    } catch (error) {
      notify.failure(`Could not download ${entry.name}`, error);
    } finally {
      setDownload(undefined);
    }
  });
  const remove = useStableCallback(async (entry: FileEntry) => {
    await deleteInstanceFile(project, name, entry.path);
    await refresh();
    notify.success(`${entry.path} deleted`);
  });

  const columns = useMemo<ListColumn<FileEntry>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        alwaysShown: true,
        rowHeader: true,
        sortValue: (entry) => entry.name,
        cell: (entry) =>
          opens(entry) ? (
            <Link to={hrefOf(entry.path)}>
              {entry.name}
              {entry.info?.type === 'directory' ? '/' : ''}
            </Link>
          ) : (
            entry.name
          ),
      },
      {
        id: 'type',
        header: 'Type',
        width: 7,
        priority: 2,
        sortValue: typeText,
        cell: typeText,
      },
      {
        id: 'mode',
        header: 'Mode',
        width: 6,
        priority: 2,
        sortValue: (entry) => entry.info?.mode ?? '',
        cell: (entry) => entry.info?.mode ?? '',
      },
      {
        id: 'owner',
        header: 'Owner',
        width: 6,
        priority: 2,
        hiddenByDefault: true,
        sortValue: (entry) => entry.info?.uid ?? '',
        cell: (entry) => (entry.info ? `${entry.info.uid ?? ''}:${entry.info.gid ?? ''}` : ''),
      },
    ],
    [hrefOf],
  );
  const entries = files.data?.kind === 'directory' ? files.data.entries : undefined;
  const view = useListView<FileEntry>({
    id: 'instance-files',
    state: 'local',
    rows: entries,
    columns,
    rowKey: (entry) => entry.name,
    defaultSort: { column: 'name', direction: 'ascending' },
    search: {
      label: 'Search this directory',
      placeholder: 'Search this directory',
      compile: (term) => {
        const needle = term.trim().toLowerCase();
        return (entry) => entry.name.toLowerCase().includes(needle);
      },
    },
  });
  const rowActions = useCallback(
    (entry: FileEntry) => (
      <div className="files-tab__actions">
        {entry.info?.type === 'file' && (
          <button
            type="button"
            className="p-button is-dense"
            aria-label={`Download ${entry.name}`}
            disabled={download !== undefined}
            onClick={() => void save(entry)}
          >
            Download
          </button>
        )}
        <ConfirmButton
          danger
          className="p-button--negative is-dense"
          label={
            <>
              Delete<span className="u-off-screen"> {entry.name}</span>
            </>
          }
          title={`Delete ${entry.name}`}
          message={`${entry.path} will be deleted from ${name}. A directory must be empty. This cannot be undone.`}
          confirmLabel="Delete"
          reason={reason}
          onConfirm={() => remove(entry)}
        />
      </div>
    ),
    [download, name, reason, remove, save],
  );

  const sending =
    upload.state.phase === 'uploading' || upload.state.phase === 'importing'
      ? upload.state.progress
      : undefined;
  const busy = sending !== undefined;
  const toolbar = (
    <>
      <GatedButton
        className="p-button"
        reason={reason}
        disabled={busy}
        onClick={() => fileInput.current?.click()}
      >
        Upload file
      </GatedButton>
      <GatedButton
        className="p-button"
        reason={reason}
        onClick={() => {
          setCreating(true);
        }}
      >
        Create directory
      </GatedButton>
    </>
  );
  const crumbs = breadcrumb(path);
  const percent = download ? progressPercent(download.progress) : undefined;

  return (
    <div className="files-tab">
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void startUpload(file);
        }}
      />
      <nav className="files-tab__path" aria-label="Path">
        <ol className="files-tab__crumbs">
          {crumbs.map((crumb, index) => (
            <li key={crumb.path}>
              {index === crumbs.length - 1 ? (
                <span aria-current="location">{crumb.name}</span>
              ) : (
                <Link
                  to={hrefOf(crumb.path)}
                  aria-label={crumb.path === '/' ? 'Root /' : undefined}
                >
                  {crumb.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
        {path !== '/' && (
          <Link className="p-button is-dense" to={hrefOf(parentPath(path))}>
            Up to {parentPath(path)}
          </Link>
        )}
      </nav>
      {instance.type === 'virtual-machine' && instance.status !== 'Running' && (
        <p className="p-form-help-text" role="note">
          {name} is {instance.status.toLowerCase()}: the files of a virtual machine are reached
          through its agent, start it first.
        </p>
      )}
      {sending && (
        <div className="files-tab__progress">
          <UploadProgressBar progress={sending} />
          <button type="button" className="p-button is-dense" onClick={upload.cancel}>
            Cancel upload
          </button>
        </div>
      )}
      {upload.state.phase === 'failed' && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">The upload failed: {upload.state.error}</p>
          </div>
        </div>
      )}
      {download && (
        <p role="status">
          Downloading {download.name}…{' '}
          {percent === undefined ? formatBytes(download.progress.loaded) : `${String(percent)}%`}
        </p>
      )}
      {files.data?.kind === 'symlink' ? (
        <div className="files-tab__file">
          <p>
            {path} is a link to{' '}
            <Link to={hrefOf(linkTarget(path, files.data.target))}>{files.data.target}</Link>.
          </p>
        </div>
      ) : files.data?.kind === 'file' ? (
        <div className="files-tab__file">
          <p>{path} is a file.</p>
          <button
            type="button"
            className="p-button"
            disabled={download !== undefined}
            onClick={() =>
              void save({ name: path.slice(path.lastIndexOf('/') + 1), path, info: undefined })
            }
          >
            Download {path.slice(path.lastIndexOf('/') + 1)}
          </button>
        </div>
      ) : (
        <ResourceList<FileEntry>
          view={view}
          label={`Files in ${path}`}
          noun={NOUN}
          query={files}
          empty={{ title: `${path} is empty`, action: toolbar }}
          toolbar={toolbar}
          rowActions={rowActions}
          actionsWidth={13}
          rowLabel={(entry) => entry.name}
          rowDescription={typeText}
        />
      )}
      {creating && (
        <NameDialog
          title={`Create a directory in ${path}`}
          label="Directory name"
          submitLabel="Create directory"
          onClose={() => {
            setCreating(false);
          }}
          validate={(value) =>
            newDirectoryError(
              value,
              (entries ?? []).map((entry) => entry.name),
            )
          }
          onSubmit={async (value) => {
            await createInstanceDirectory(project, name, joinPath(path, value));
            await refresh();
            notify.success(`Directory ${joinPath(path, value)} created`);
          }}
        />
      )}
    </div>
  );
}
