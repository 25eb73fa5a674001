/**
 * Server settings (spec §7): GET /1.0 and PATCH /1.0 {config}, option metadata and the
 * documentation objects.
 *
 * Measured on LXD 5.0.2: PATCH merges keys. An empty string unsets a `user.*` key and a string
 * key, but a boolean key becomes "false" and `cluster.offline_threshold: ""` drops the
 * connection; a PUT resets every key it leaves out to its default but never removes `user.*`
 * keys. So an option goes back to its default with a PATCH of its default value (see
 * features/settings `resetValue`). Secrets the server hides come back as the boolean `true`.
 */
import { buildUrl, get, LxdApiError, patch, request, type LxdResult } from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdConfigMetadata } from '../types/config-metadata';

/** A config value as GET /1.0 reports it: hidden secrets are the boolean `true`. */
export type ServerConfigValue = string | boolean;

export interface ServerConfigSnapshot {
  config: Record<string, ServerConfigValue>;
  etag: string | undefined;
}

/** Keeps string and boolean values (numbers become strings); drops anything else. */
export function normaliseServerConfig(raw: unknown): Record<string, ServerConfigValue> {
  const config: Record<string, ServerConfigValue> = {};
  if (!raw || typeof raw !== 'object') return config;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'boolean') config[key] = value;
    else if (typeof value === 'number') config[key] = String(value);
  }
  return config;
}

/** The server config, of one cluster member when `target` is given, with its ETag. */
export async function fetchServerConfig(
  target?: string,
  signal?: AbortSignal,
): Promise<ServerConfigSnapshot> {
  const result = await request<{ config?: unknown }>('/1.0', { target, signal });
  return { config: normaliseServerConfig(result.metadata.config), etag: result.etag };
}

async function settled(result: LxdResult<unknown>): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result));
}

/** PATCH /1.0 {config}: sets the given keys (values are always strings). */
export async function patchServerConfig(
  config: Record<string, string>,
  target?: string,
): Promise<void> {
  await settled(await patch('/1.0', { config }, { target }));
}

/** GET /1.0/metadata/configuration (only when the server has `metadata_configuration`). */
export function fetchConfigMetadata(signal?: AbortSignal): Promise<LxdConfigMetadata> {
  return get<LxdConfigMetadata>('/1.0/metadata/configuration', { signal });
}

/** GET /documentation/objects.inv.txt: the documentation's object inventory, as text. */
export async function fetchDocumentationObjects(signal?: AbortSignal): Promise<string> {
  const url = buildUrl('/documentation/objects.inv.txt');
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) {
    throw new LxdApiError(
      response.statusText || `Request failed with status ${response.status}`,
      response.status,
    );
  }
  return response.text();
}
