import type { KeyboardEvent } from 'react';
import { FormProvider } from 'react-hook-form';
import { useProductName } from '../../../shared/auth/product';
import { TextInput, useResourceForm } from '../../../shared/forms';
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
      className={clsx('config-form__section-link image-servers__server', current && 'is-active')}
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
  const kit = useResourceForm<RemoteServer>({
    defaultValues: { name: '', url: '' },
    validate: (server) => serverProblems(server, listed),
    onSubmit: (server) => {
      onAdd({ name: server.name.trim(), url: normalizeUrl(server.url) });
      kit.form.reset({ name: '', url: '' });
    },
  });
  const product = useProductName();
  // The picker sits inside the create form: its own fields are no <form> of their own, and
  // Enter adds the server instead of sending the create form.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void kit.submit();
    }
  };
  return (
    <FormProvider {...kit.form}>
      <fieldset className="image-servers__add">
        <legend>Add an image server</legend>
        <TextInput
          name="name"
          label="Server name"
          placeholder="e.g. Mirror"
          onKeyDown={addOnEnter}
        />
        <TextInput
          name="url"
          type="url"
          label="Server URL"
          placeholder="https://images.example.com"
          onKeyDown={addOnEnter}
        />
        <p className="p-form-help-text">
          A simplestreams server. The console server reads its index for this browser; {product}{' '}
          downloads the chosen image from it. Kept in this browser only.
        </p>
        <button type="button" className="p-button is-dense" onClick={() => void kit.submit()}>
          Add server
        </button>
      </fieldset>
    </FormProvider>
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
  const product = useProductName();
  return (
    <nav className="image-servers" aria-label="Image servers">
      <ul className="config-form__sections image-servers__list">
        <li>
          <ServerButton
            label="Local images"
            detail={`this ${product} server`}
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
