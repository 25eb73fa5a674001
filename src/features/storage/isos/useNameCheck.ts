import { useEffect, useState } from 'react';
import { customVolumeNameExists } from '../../../lxd/endpoints/storage-isos';

export interface NameLookup {
  /** "pool/name" the answer is for. */
  key: string;
  taken: boolean;
}

/**
 * Spec §7 name check as the name is typed: one lookup per pool and name, the previous one
 * aborted when either changes. A failed lookup says nothing (LXD has the last word on upload).
 */
export function useCustomVolumeNameCheck(
  project: string,
  pool: string,
  name: string,
  enabled: boolean,
): NameLookup | undefined {
  const [lookup, setLookup] = useState<NameLookup>();
  useEffect(() => {
    if (!enabled || !pool || !name) return;
    const controller = new AbortController();
    const key = `${pool}/${name}`;
    customVolumeNameExists(project, pool, name, controller.signal).then(
      (taken) => {
        setLookup({ key, taken });
      },
      () => undefined,
    );
    return () => {
      controller.abort();
    };
  }, [project, pool, name, enabled]);
  return enabled && lookup?.key === `${pool}/${name}` ? lookup : undefined;
}
