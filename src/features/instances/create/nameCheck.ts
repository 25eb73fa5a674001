/**
 * The form kit's check of a new instance name (spec §5, §7): the format rules, then whether the
 * name is taken in the project (GET /1.0/instances/{name}, 404 = free).
 */
import { useCallback } from 'react';
import { instanceNameExists } from '../../../lxd/endpoints/instance-create';
import { INSTANCE_NAME_EXISTS, instanceNameError } from '../../../shared/config-form';
import type { NameCheckOptions, NameLookup } from '../../../shared/forms';

/**
 * The lookup in `project`, or in the project the form's scope names (a copy's target);
 * `current`, the instance's own name, is free (a rename).
 */
export function useInstanceNameLookup(project?: string, current?: string): NameLookup {
  return useCallback(
    (name, signal, scope) =>
      name === current
        ? Promise.resolve(false)
        : instanceNameExists(scope ?? project ?? '', name, signal),
    [project, current],
  );
}

/** The `nameCheck` of a form whose `name` field names a new instance. */
export function instanceNameCheck<V extends { name: string }>(
  lookup: NameLookup,
  scope?: NameCheckOptions<V>['scope'],
): NameCheckOptions<V> {
  return {
    field: 'name' as NameCheckOptions<V>['field'],
    lookup,
    message: INSTANCE_NAME_EXISTS,
    ...(scope === undefined ? {} : { scope }),
  };
}

/** The format rules of the `name` field, by field path for the kit. */
export const instanceNameProblems = (values: { name: string }) => ({
  name: instanceNameError(values.name),
});
