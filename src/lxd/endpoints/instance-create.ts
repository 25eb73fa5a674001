/**
 * Calls of the instance creation page: the name check, the lists the form offers (storage pools,
 * networks) and the creation itself.
 */
import { buildUrl, get, post } from '../client';
import { operationId } from '../operations';
import { uploadNamedFile, type NamedUploadIo } from '../upload';
import { nameExists } from './names';
import type { InstanceType, LxdDevice } from '../types/instance';
import type { LxdOperation } from '../types/operation';
import { urlNames } from '../url-name';

/** Spec §7 name check for instances (a 404 answer means the name is free). */
export function instanceNameExists(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<boolean> {
  return nameExists('instances', name, { project, signal });
}

export function fetchStoragePoolNames(project: string, signal?: AbortSignal): Promise<string[]> {
  return get<string[]>('/1.0/storage-pools', { project, signal }).then(namesFromUrls);
}

const namesFromUrls = urlNames;

/** Where the new instance's file system comes from. */
export type InstanceSource =
  | { type: 'image'; fingerprint: string }
  | { type: 'image'; alias: string }
  | {
      type: 'image';
      alias: string;
      server: string;
      protocol: 'simplestreams' | 'lxd';
      mode: 'pull';
    }
  | { type: 'none' }
  | { type: 'copy'; source: string; project?: string; instance_only?: boolean };

/** POST /1.0/instances */
export interface LxdInstancesPost {
  name: string;
  description?: string;
  type: InstanceType;
  source: InstanceSource;
  profiles: string[];
  config: Record<string, string>;
  devices: Record<string, LxdDevice>;
  /** Only with the `instance_create_start` extension. */
  start?: boolean;
}

/** Sends the creation request and returns the id of the operation that creates the instance. */
export async function postInstance(
  project: string,
  body: unknown,
  target?: string,
): Promise<string | undefined> {
  const result = await post('/1.0/instances', body, { project, target });
  return result.type === 'async' ? operationId(result) : undefined;
}

/** GET /1.0/operations/{id}: a running operation with its progress metadata. */
export function fetchOperation(id: string, signal?: AbortSignal): Promise<LxdOperation> {
  return get<LxdOperation>(`/1.0/operations/${encodeURIComponent(id)}`, { signal });
}

export interface InstanceBackupUpload extends NamedUploadIo {
  project: string;
  /** The new instance's name (`X-LXD-name`); it replaces the name stored in the backup. */
  name: string;
  /** The storage pool to restore into (`X-LXD-pool`); the backup's own pool when empty. */
  pool?: string | undefined;
  file: Blob;
}

/**
 * POST /1.0/instances with an instance backup tarball as the application/octet-stream body:
 * LXD restores it as a new instance. Returns the id of the operation that unpacks it.
 */
export function uploadInstanceBackup(options: InstanceBackupUpload): Promise<string> {
  const { project, name, pool, file } = options;
  return uploadNamedFile(
    buildUrl('/1.0/instances', { project }),
    file,
    { value: name, noun: 'instance' },
    pool ? { 'X-LXD-pool': pool } : {},
    options,
  );
}
