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

export const PUBLIC_DOCS_URL = 'https://documentation.ubuntu.com/lxd/latest/';

/** Local /documentation from server 5.19, otherwise the public documentation site. */
export function documentationUrl(version: string | undefined): string {
  return atLeast(version, 5, 19) ? '/documentation/' : PUBLIC_DOCS_URL;
}

/** Documentation objects (objects.inv.txt) from server 5.20. */
export function hasDocumentationObjects(version: string | undefined): boolean {
  return atLeast(version, 5, 20);
}

/** Outdated warning when the server major version is below 5. */
export function isOutdatedServer(version: string | undefined): boolean {
  const parsed = parseVersion(version);
  return parsed !== undefined && parsed[0] < 5;
}

export const OUTDATED_SERVER_MESSAGE =
  'You are using an outdated server version. Update your server to get the latest features.';

/** The bundled multi-node product marks its servers with this user key. */
export const MICROCLOUD_KEY = 'user.microcloud';

export function isMicroCloud(server: LxdServer | undefined): boolean {
  return server?.config?.[MICROCLOUD_KEY] !== undefined;
}

/** Tab title: user.ui_title, or the host name when unset, followed by the UI name. */
export function tabTitle(server: LxdServer | undefined, hostname: string): string {
  const title = server?.config?.['user.ui_title'] || hostname;
  return `${title} | ${isMicroCloud(server) ? 'MicroCloud' : 'LXD UI'}`;
}
