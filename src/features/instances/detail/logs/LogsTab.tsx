import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { useProductName } from '../../../../shared/auth/product';
import { Loader } from '../../../../shared/ui/Loader';
import { saveBlob } from '../../../../shared/ui/save-file';
import { EmptyState, ErrorNotice } from '../../../../shared/ui/States';
import { logFileQuery, logFilesQuery } from '../queries';
import './logs.scss';

/** Saves a text as a file in the browser's downloads. */
function downloadText(fileName: string, text: string) {
  saveBlob(new Blob([text], { type: 'text/plain' }), fileName);
}

function LogFile({ instance, file }: { instance: LxdInstance; file: string }) {
  const content = useQuery(logFileQuery(instance.project, instance.name, file));
  if (content.isPending) return <Loader text={`Loading ${file}…`} />;
  if (content.isError) {
    return (
      <ErrorNotice
        title={`Could not read ${file}`}
        error={content.error}
        onRetry={() => void content.refetch()}
      />
    );
  }
  return (
    <div className="log-file">
      <div className="log-file__actions">
        <button
          type="button"
          className="p-button"
          onClick={() => downloadText(`${instance.name}-${file}`, content.data)}
        >
          Download {file}
        </button>
        <button type="button" className="p-button--base" onClick={() => void content.refetch()}>
          Refresh
        </button>
      </div>
      {content.data === '' ? (
        <p className="u-text--muted">{file} is empty.</p>
      ) : (
        <textarea
          className="log-file__content"
          aria-label={`Content of ${file}`}
          readOnly
          wrap="off"
          value={content.data}
        />
      )}
    </div>
  );
}

/** The instance's log files (GET /1.0/instances/{name}/logs), viewable and downloadable. */
export default function LogsTab({ instance }: { instance: LxdInstance }) {
  const files = useQuery(logFilesQuery(instance.project, instance.name));
  const [chosen, setChosen] = useState<string>();
  const selectId = useId();
  const product = useProductName();

  if (files.isPending) return <Loader text="Loading log files…" />;
  if (files.isError) {
    return (
      <ErrorNotice
        title="Could not list the log files"
        error={files.error}
        onRetry={() => void files.refetch()}
      />
    );
  }
  if (files.data.length === 0) {
    return (
      <EmptyState title="No log files">
        <p>{product} writes log files when the instance starts.</p>
      </EmptyState>
    );
  }
  const file =
    chosen && files.data.includes(chosen)
      ? chosen
      : files.data.includes('lxc.log')
        ? 'lxc.log'
        : files.data[0];
  return (
    <div className="logs-tab">
      <div className="logs-tab__chooser">
        <label htmlFor={selectId}>Log file</label>
        <select id={selectId} value={file} onChange={(event) => setChosen(event.target.value)}>
          {files.data.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {file && <LogFile key={file} instance={instance} file={file} />}
    </div>
  );
}
