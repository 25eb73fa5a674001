import { get } from '../client';
import type { LxdServer } from '../types/server';

export function fetchServer(signal?: AbortSignal): Promise<LxdServer> {
  return get<LxdServer>('/1.0', { signal });
}

/** The settings with the caller's server entitlements (fine-grained identities only). */
export function fetchServerWithEntitlements(
  entitlements: string,
  signal?: AbortSignal,
): Promise<LxdServer> {
  return get<LxdServer>('/1.0', { params: { 'with-access-entitlements': entitlements }, signal });
}

/** True when the server lists the API extension (detect by name, never by version). */
export function hasExtension(server: Pick<LxdServer, 'api_extensions'> | undefined, name: string) {
  return server?.api_extensions.includes(name) ?? false;
}
