import { queryOptions } from '@tanstack/react-query';
import {
  fetchConfigMetadata,
  fetchDocumentationObjects,
  fetchServerConfig,
  patchServerConfig,
  type ServerConfigValue,
} from '../../lxd/endpoints/settings';
import { serverKeys } from '../../shared/query/server';
import { parseDocObjects } from './docObjects';
import { settingsEventPrefixes } from './events';
import { assertUnchanged } from './validation';

export { settingsEventPrefixes };

export const settingsKeys = {
  /** Every server-config query lives under the server key, so one invalidation refreshes all. */
  memberConfig: (member: string) => [...serverKeys.all, 'member', member] as const,
  metadata: ['config-metadata'] as const,
  docObjects: ['documentation', 'objects'] as const,
};

/** The config of one cluster member (its local values). */
export function memberConfigQuery(member: string) {
  return queryOptions({
    queryKey: settingsKeys.memberConfig(member),
    queryFn: ({ signal }) => fetchServerConfig(member, signal),
  });
}

export const configMetadataQuery = queryOptions({
  queryKey: settingsKeys.metadata,
  queryFn: ({ signal }) => fetchConfigMetadata(signal),
  staleTime: Infinity,
});

export const docObjectsQuery = queryOptions({
  queryKey: settingsKeys.docObjects,
  queryFn: async ({ signal }) => parseDocObjects(await fetchDocumentationObjects(signal)),
  staleTime: Infinity,
  retry: false,
});

export interface SaveSetting {
  key: string;
  value: string;
  /** The value the user saw when starting to edit (undefined = unset). */
  expected: ServerConfigValue | undefined;
  target?: string | undefined;
}

export interface ResetSetting {
  key: string;
  /** The value that means "default" to the server (see `resetValue`). */
  value: string;
  expected: ServerConfigValue | undefined;
  target?: string | undefined;
}

/** Reads the value again and refuses to overwrite a change made by someone else meanwhile. */
export async function saveSetting({ key, value, expected, target }: SaveSetting): Promise<void> {
  const current = await fetchServerConfig(target);
  assertUnchanged(key, expected, current.config[key]);
  await patchServerConfig({ [key]: value }, target);
}

/** Puts an option back to its default (deletes a user key), unless someone changed it meanwhile. */
export async function resetSetting(reset: ResetSetting): Promise<void> {
  await saveSetting(reset);
}
