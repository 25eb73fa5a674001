/** The instance backup upload: send the tarball with progress, then wait for LXD to unpack it. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { uploadInstanceBackup } from '../../../lxd/endpoints/instance-create';
import { waitForOperation } from '../../../lxd/operations';
import type { UploadXhr } from '../../../lxd/upload';
import { useUploadFlow, type UploadFlowIo } from '../../../shared/ui/upload/useUploadFlow';
import { instanceKeys } from '../keys';

export interface BackupUploadRequest {
  project: string;
  name: string;
  /** '' keeps the pool recorded in the backup. */
  pool: string;
  file: File;
}

export function useBackupUpload(createXhr?: () => UploadXhr) {
  const client = useQueryClient();
  const run = useCallback(
    async (request: BackupUploadRequest, io: UploadFlowIo) => {
      const operation = await uploadInstanceBackup({
        project: request.project,
        name: request.name,
        pool: request.pool || undefined,
        file: request.file,
        signal: io.signal,
        onProgress: io.onProgress,
        createXhr,
      });
      io.sent();
      await waitForOperation(operation, { project: request.project });
      void client.invalidateQueries({ queryKey: instanceKeys.all });
      return { name: request.name };
    },
    [client, createXhr],
  );
  return useUploadFlow(run, { size: (request) => request.file.size });
}
