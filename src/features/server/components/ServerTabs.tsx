import { NavLink } from '../../../shared/routing/router';
import { paths } from '../../../shared/routing/paths';
import '../server.scss';

/** The sections of a standalone server: its overview and clustering. */
export function ServerTabs() {
  return (
    <nav className="p-tabs server-tabs" aria-label="Server sections">
      <ul className="p-tabs__list">
        <li className="p-tabs__item">
          <NavLink className="p-tabs__link" to={paths.server()} end>
            Overview
          </NavLink>
        </li>
        <li className="p-tabs__item">
          <NavLink className="p-tabs__link" to={paths.serverClustering()} end>
            Clustering
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
