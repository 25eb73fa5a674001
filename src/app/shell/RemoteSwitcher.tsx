import { useId, type MouseEvent } from 'react';
import {
  hasSwitcher,
  pageRemoteName,
  remoteFacts,
  remoteSectionPath,
  remoteUrl,
  useRemotes,
  type ConsoleRemote,
} from '../../features/remotes';
import { currentNavId } from '../../shared/feature';
import { paths, uiUrl } from '../../shared/routing/paths';
import { useMatches } from '../../shared/routing/router';
import { navEntries } from '../features';
import { ShellSelector } from './ShellSelector';

/** A plain left click: the others (a new tab, a download) are the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

function RemoteChoice({
  remote,
  href,
  current,
  onChoose,
}: {
  remote: ConsoleRemote;
  href: string;
  current: boolean;
  onChoose: () => void;
}) {
  const errorId = useId();
  const [state, ...rest] = remoteFacts(remote);
  return (
    <li>
      <a
        href={href}
        aria-current={current ? 'page' : undefined}
        aria-describedby={remote.error ? errorId : undefined}
        title={remote.url || remote.name}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onChoose();
          // A new page: the caches and the event stream start fresh for the other remote.
          window.location.assign(href);
        }}
      >
        <span className="u-truncate">{remote.name}</span>{' '}
        <span className="shell-selector__meta">
          <span className={`shell-selector__state shell-selector__state--${remote.state}`}>
            {state}
          </span>
          {rest.map((fact) => `, ${fact}`).join('')}
        </span>
      </a>
      {remote.error && (
        <p className="shell-selector__error" id={errorId}>
          {remote.error}
        </p>
      )}
    </li>
  );
}

/**
 * The remote switcher above the project selector: the servers a console server fronts
 * (GET /console/remotes), each with its state, product and version. Choosing one keeps the
 * section, in project `default`, and loads a new page. Not there when LXD serves the console or
 * the console server has one remote.
 */
export function RemoteSwitcher() {
  const remotes = useRemotes().data;
  const path = remoteSectionPath(navEntries, currentNavId(useMatches()));
  if (!remotes || !hasSwitcher(remotes)) return null;
  const current = pageRemoteName(remotes);

  return (
    <ShellSelector label="Remote" value={current ?? ''}>
      {(close) => (
        <nav aria-label="Remotes">
          <ul className="shell-selector__list shell-selector__list--stacked">
            {remotes.map((remote) => (
              <RemoteChoice
                key={remote.name}
                remote={remote}
                href={remoteUrl(remote, path)}
                current={remote.name === current}
                onChoose={close}
              />
            ))}
          </ul>
          <a className="shell-selector__all" href={uiUrl(paths.fleet(), null)}>
            Fleet: every remote
          </a>
        </nav>
      )}
    </ShellSelector>
  );
}
