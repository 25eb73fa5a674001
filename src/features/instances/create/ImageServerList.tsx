import { useId, useState } from 'react';
import { clsx } from '../../../shared/ui/clsx';
import { normalizeUrl, serverProblems } from './imageServers';
import { DEFAULT_SERVERS, type RemoteServer } from './simplestreams';

export const LOCAL = 'local';

function ServerButton({
  label,
  detail,
  current,
  onSelect,
}: {
  label: string;
  detail: string;
  current: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      className={clsx('image-servers__server', current && 'is-active')}
      aria-current={current ? 'true' : undefined}
      onClick={onSelect}
    >
      <span className="image-servers__name">{label}</span>
      <span className="image-servers__url u-text--muted">{detail}</span>
    </button>
  );
}

function AddServerForm({
  listed,
  onAdd,
}: {
  listed: readonly RemoteServer[];
  onAdd: (server: RemoteServer) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<RemoteServer>({ name: '', url: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof RemoteServer, string>>>({});
  const add = () => {
    const found = serverProblems(draft, listed);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onAdd({ name: draft.name.trim(), url: normalizeUrl(draft.url) });
    setDraft({ name: '', url: '' });
  };
  const field = (name: keyof RemoteServer, label: string, placeholder: string) => {
    const problem = problems[name];
    return (
      <div className={problem ? 'p-form-validation is-error' : 'p-form-validation'}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          type={name === 'url' ? 'url' : 'text'}
          className="p-form-validation__input"
          placeholder={placeholder}
          value={draft[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-${name}-error` : undefined}
          onChange={(event) => {
            setDraft((previous) => ({ ...previous, [name]: event.target.value }));
            setProblems((previous) => ({ ...previous, [name]: undefined }));
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        {problem && (
          <p className="p-form-validation__message" id={`${id}-${name}-error`} role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="image-servers__add">
      <legend>Add an image server</legend>
      {field('name', 'Server name', 'e.g. Mirror')}
      {field('url', 'Server URL', 'https://images.example.com')}
      <p className="p-form-help-text">
        A simplestreams server. The console server reads its index for this browser; LXD downloads
        the chosen image from it. Kept in this browser only.
      </p>
      <button type="button" className="p-button is-dense" onClick={add}>
        Add server
      </button>
    </fieldset>
  );
}

/** The picker's image servers: this LXD's images, the default remotes and the user's own. */
export function ImageServerList({
  selected,
  onSelect,
  userServers,
  onAdd,
  onRemove,
}: {
  /** LOCAL or a server URL. */
  selected: string;
  onSelect: (server: string) => void;
  userServers: readonly RemoteServer[];
  onAdd: (server: RemoteServer) => void;
  onRemove: (server: RemoteServer) => void;
}) {
  return (
    <nav className="image-servers" aria-label="Image servers">
      <ul className="image-servers__list">
        <li>
          <ServerButton
            label="Local images"
            detail="this LXD server"
            current={selected === LOCAL}
            onSelect={() => onSelect(LOCAL)}
          />
        </li>
        {DEFAULT_SERVERS.map((server) => (
          <li key={server.url}>
            <ServerButton
              label={server.name}
              detail={server.url}
              current={selected === server.url}
              onSelect={() => onSelect(server.url)}
            />
          </li>
        ))}
        {userServers.map((server) => (
          <li key={server.url} className="image-servers__user">
            <ServerButton
              label={server.name}
              detail={server.url}
              current={selected === server.url}
              onSelect={() => onSelect(server.url)}
            />
            <button
              type="button"
              className="p-button--base is-dense image-servers__remove"
              aria-label={`Remove image server ${server.name}`}
              onClick={() => onRemove(server)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <AddServerForm listed={userServers} onAdd={onAdd} />
    </nav>
  );
}
