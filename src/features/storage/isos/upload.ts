/** The ISO upload: send the file with progress, then wait for LXD to write it to the pool. */
import { useCallback } from 'react';
import { uploadIsoVolume, type UploadXhr } from '../../../lxd/endpoints/storage-isos';
import { waitForOperation } from '../../../lxd/operations';
import { useUploadFlow, type UploadFlowIo } from '../../../shared/ui/upload/useUploadFlow';
import { useRefreshStorage } from './queries';

export interface IsoUploadRequest {
  project: string;
  pool: string;
  name: string;
  file: File;
}

export function useIsoUpload(createXhr?: () => UploadXhr) {
  const refresh = useRefreshStorage();
  const run = useCallback(
    async (request: IsoUploadRequest, io: UploadFlowIo) => {
      const operation = await uploadIsoVolume({
        project: request.project,
        pool: request.pool,
        name: request.name,
        file: request.file,
        signal: io.signal,
        createXhr,
        onProgress: io.onProgress,
      });
      io.sent();
      if (operation) await waitForOperation(operation, { project: request.project });
      await refresh();
      return { name: request.name, pool: request.pool };
    },
    [createXhr, refresh],
  );
  return useUploadFlow(run, { size: (request) => request.file.size });
}
