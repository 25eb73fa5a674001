import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { TargetPicker } from '../../cluster';
import { formPoolsQuery } from '../create';

/** Where copies go besides their project: a cluster member or group, and a storage pool. */
export function CopyPlacementFields({
  project,
  target,
  onTarget,
  pool,
  onPool,
}: {
  /** The project the copies are created in. */
  project: string;
  target: string;
  onTarget: (target: string) => void;
  /** '' keeps the source's pool. */
  pool: string;
  onPool: (pool: string) => void;
}) {
  const id = useId();
  const pools = useQuery(formPoolsQuery(project));
  return (
    <>
      <TargetPicker label="Target member" value={target} onChange={onTarget} project={project} />
      <label htmlFor={`${id}-pool`}>Storage pool</label>
      <select
        id={`${id}-pool`}
        value={pool}
        aria-describedby={`${id}-pool-help`}
        onChange={(event) => onPool(event.target.value)}
      >
        <option value="">Same as the source</option>
        {(pools.data ?? []).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <p className="p-form-help-text" id={`${id}-pool-help`}>
        The pool of the copy&apos;s root disk.
      </p>
    </>
  );
}
