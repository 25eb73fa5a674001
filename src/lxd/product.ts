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

/** The server's product name: "LXD" or "Incus". */
export function serverProductName(server: ServerFacts): string {
  return serverKind(server) === 'incus' ? 'Incus' : 'LXD';
}

/** The server config key of the console's title: Incus renamed LXD's user.ui_title. */
export function uiTitleKey(server: ServerFacts): string {
  return serverKind(server) === 'incus' ? 'user.ui.title' : 'user.ui_title';
}

export const LXD_DOCS_URL = 'https://documentation.ubuntu.com/lxd/latest/';
export const INCUS_DOCS_URL = 'https://linuxcontainers.org/incus/docs/main/';
export const LXD_DISCUSSION_URL = 'https://discourse.ubuntu.com/c/lxd/126';
export const INCUS_DISCUSSION_URL = 'https://discuss.linuxcontainers.org/';

/** The product's forum (spec §2 footer: Discussion). */
export function discussionUrl(server: ServerFacts): string {
  return serverKind(server) === 'incus' ? INCUS_DISCUSSION_URL : LXD_DISCUSSION_URL;
}
