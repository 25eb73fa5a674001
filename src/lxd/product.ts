/**
 * Which server the console talks to, from GET /1.0 alone, in one place the whole console reads:
 * LXD, or Incus (its community fork). `environment.server` says so to a trusted client; an
 * untrusted answer has no environment, but its API extensions do (names only Incus lists, as
 * measured in research/api-compat.md). Never from version numbers: Incus's overlap LXD's.
 */
import type { LxdServer } from './types/server';

export type ServerKind = 'lxd' | 'incus';

/** Extensions every Incus release lists and no LXD release does. */
const INCUS_ONLY_EXTENSIONS = ['dev_incus_events', 'dev_incus_images', 'restrict_dev_incus'];

type ServerFacts = Pick<LxdServer, 'api_extensions' | 'environment'> | undefined;

export function serverKind(server: ServerFacts): ServerKind {
  const named = server?.environment?.server;
  if (named === 'incus' || named === 'lxd') return named;
  return server?.api_extensions.some((name) => INCUS_ONLY_EXTENSIONS.includes(name)) === true
    ? 'incus'
    : 'lxd';
}

/** The names each product spells its own way (research/api-compat.md §5, "Names that differ"). */
export interface ProductNames {
  /** "LXD" or "Incus". */
  name: string;
  /** The server config key of the console's title (a `user.*` convention of each product's UI). */
  uiTitleKey: string;
  /** The instance key that gives the guest its API device, and its path in the guest. */
  guestApiKey: string;
  guestApiImagesKey: string;
  guestApiPath: string;
  /** The prefix of every metric of GET /1.0/metrics. */
  metricPrefix: string;
  /** The command-line client (`lxc remote add …`, `incus remote add …`). */
  client: 'lxc' | 'incus';
}

export const PRODUCT_NAMES: Readonly<Record<ServerKind, ProductNames>> = {
  lxd: {
    name: 'LXD',
    uiTitleKey: 'user.ui_title',
    guestApiKey: 'security.devlxd',
    guestApiImagesKey: 'security.devlxd.images',
    guestApiPath: '/dev/lxd',
    metricPrefix: 'lxd_',
    client: 'lxc',
  },
  incus: {
    name: 'Incus',
    uiTitleKey: 'user.ui.title',
    guestApiKey: 'security.guestapi',
    guestApiImagesKey: 'security.guestapi.images',
    guestApiPath: '/dev/incus',
    metricPrefix: 'incus_',
    client: 'incus',
  },
};

/** The server's names (LXD's or Incus's). */
export function productNames(server: ServerFacts): ProductNames {
  return PRODUCT_NAMES[serverKind(server)];
}

/** The server's product name: "LXD" or "Incus". */
export function serverProductName(server: ServerFacts): string {
  return productNames(server).name;
}

/** The server config key of the console's title: Incus renamed LXD's user.ui_title. */
export function uiTitleKey(server: ServerFacts): string {
  return productNames(server).uiTitleKey;
}

export const LXD_DOCS_URL = 'https://documentation.ubuntu.com/lxd/latest/';
export const INCUS_DOCS_URL = 'https://linuxcontainers.org/incus/docs/main/';
export const LXD_DISCUSSION_URL = 'https://discourse.ubuntu.com/c/lxd/126';
export const INCUS_DISCUSSION_URL = 'https://discuss.linuxcontainers.org/';

/** The product's forum (spec §2 footer: Discussion). */
export function discussionUrl(server: ServerFacts): string {
  return serverKind(server) === 'incus' ? INCUS_DISCUSSION_URL : LXD_DISCUSSION_URL;
}

/** The server's command-line client: `lxc` for LXD, `incus` for Incus. */
export function clientCommand(server: ServerFacts): 'lxc' | 'incus' {
  return productNames(server).client;
}

/**
 * The name the console's texts use when no server is given: LXD's, the wording they were written
 * in. Plain functions that build a text naming the server take the product name, defaulting to it.
 */
export const DEFAULT_PRODUCT_NAME = PRODUCT_NAMES.lxd.name;

/**
 * Incus's sign-in setting: the sign-in page offers single sign-on only. Incus shows its
 * `user.ui.*` keys to clients before sign-in, so the page can read it; LXD has no such key.
 */
export const SSO_ONLY_KEY = 'user.ui.sso_only';

export function ssoOnly(
  server: (ServerFacts & Partial<Pick<LxdServer, 'config'>>) | undefined,
): boolean {
  return serverKind(server) === 'incus' && server?.config?.[SSO_ONLY_KEY] === 'true';
}
