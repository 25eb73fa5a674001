import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import { SelectInput } from '../../../shared/forms';
import { TargetPicker } from '../../cluster';
import { formPoolsQuery } from '../create';

/**
 * Where copies go besides their project, as fields of a kit form with `project`, `target` (a
 * cluster member or `@group`, '' lets LXD choose) and `pool` ('' keeps the source's).
 */
export function CopyPlacementFields() {
  const project = useWatch({ name: 'project' }) as string;
  const { field: target } = useController({ name: 'target' });
  const pools = useQuery(formPoolsQuery(project));
  return (
    <>
      <TargetPicker
        label="Target member"
        value={target.value as string}
        onChange={target.onChange}
        project={project}
      />
      <SelectInput
        name="pool"
        label="Storage pool"
        empty="Same as the source"
        options={(pools.data ?? []).map((name) => ({ value: name, label: name }))}
        help="The pool of the copy's root disk."
      />
    </>
  );
}
