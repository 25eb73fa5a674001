import type { AuthState } from '../../shared/auth/context';
import {
  defaultProjectName,
  isRestrictedCertificate,
  isRestrictedUser,
  type FineGrained,
} from '../../shared/permissions/entitlements';
import type { LxdCertificate } from '../../lxd/types/certificate';
import type { LxdIdentity } from '../../lxd/types/identity';
import type { LxdProject } from '../../lxd/types/project';
import type { LxdServer } from '../../lxd/types/server';
import {
  INCUS_DOCS_URL,
  LXD_DOCS_URL,
  serverKind,
  serverProductName,
  uiTitleKey,
} from '../../lxd/product';
import { remotePath } from '../../lxd/remote';

type ServerFacts = Pick<LxdServer, 'api_extensions' | 'environment'> | undefined;

export const EXT_ACCESS_MANAGEMENT = 'access_management';
export const EXT_ENTITLEMENTS = 'entities_with_entitlements';

export function isAuthenticated(server: LxdServer | undefined): boolean {
  return server !== undefined && server.auth !== 'untrusted';
}

/** Spec §4: known only when the server supports entities with entitlements, otherwise false. */
export function fineGrainedMode(server: LxdServer, identity: LxdIdentity | undefined): FineGrained {
  if (!server.api_extensions.includes(EXT_ENTITLEMENTS)) return false;
  if (!identity) return null;
  return identity.fine_grained === true;
}

export function buildAuthState(input: {
  server: LxdServer;
  identity: LxdIdentity | undefined;
  projects: LxdProject[];
  certificate: LxdCertificate | undefined;
}): AuthState {
  const { server, identity, projects, certificate } = input;
  const isFineGrained = fineGrainedMode(server, identity);
  const defaultProject = defaultProjectName(projects);
  return {
    server,
    identity,
    projects,
    isFineGrained,
    defaultProject,
    isRestricted: isRestrictedUser({
      isFineGrained,
      certificateRestricted: isRestrictedCertificate({ identity, certificate }),
      defaultProject,
    }),
    isOidc: server.auth_user_method === 'oidc',
    isClustered: server.environment?.server_clustered === true,
  };
}

/** Server version helpers (spec §9 thresholds). */
export function parseVersion(version: string | undefined): [number, number] | undefined {
  const match = /^(\d+)\.(\d+)/.exec(version ?? '');
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2])];
}

function atLeast(version: string | undefined, major: number, minor: number): boolean {
  const parsed = parseVersion(version);
  if (!parsed) return false;
  return parsed[0] > major || (parsed[0] === major && parsed[1] >= minor);
}

export const PUBLIC_DOCS_URL = LXD_DOCS_URL;

/**
 * Local /documentation from LXD 5.19 (the page's remote's), otherwise the public documentation
 * site (spec §2 footer); Incus's public documentation for Incus (its versions are not LXD's).
 */
export function documentationUrl(server: ServerFacts): string {
  if (serverKind(server) === 'incus') return INCUS_DOCS_URL;
  const local = atLeast(server?.environment?.server_version, 5, 19);
  return local ? remotePath('/documentation/') : LXD_DOCS_URL;
}

/** Outdated warning when an LXD server's major version is below 5 (Incus starts at 6). */
export function isOutdatedServer(server: ServerFacts): boolean {
  if (serverKind(server) === 'incus') return false;
  const parsed = parseVersion(server?.environment?.server_version);
  return parsed !== undefined && parsed[0] < 5;
}

export const OUTDATED_SERVER_MESSAGE =
  'You are using an outdated server version. Update your server to get the latest features.';

/** The bundled multi-node product marks its servers with this user key. */
export const MICROCLOUD_KEY = 'user.microcloud';

export function isMicroCloud(server: LxdServer | undefined): boolean {
  return server?.config?.[MICROCLOUD_KEY] !== undefined;
}

/** The brand of the shell: MicroCloud, else the server's product (LXD or Incus). */
export function shellBrand(server: LxdServer | undefined): string {
  return isMicroCloud(server) ? 'MicroCloud' : serverProductName(server);
}

/**
 * Tab title: user.ui_title (Incus: user.ui.title), or the host name when unset, followed by the
 * UI name.
 */
export function tabTitle(server: LxdServer | undefined, hostname: string): string {
  const title = server?.config?.[uiTitleKey(server)] || hostname;
  return `${title} | ${isMicroCloud(server) ? 'MicroCloud' : `${serverProductName(server)} UI`}`;
}
