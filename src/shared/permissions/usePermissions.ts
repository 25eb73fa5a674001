import { useMemo } from 'react';
import { useAuth } from '../auth/context';
import {
  objectDenial,
  projectDenial,
  selectionDenial,
  serverDenial,
  type ObjectAction,
  type ProjectAction,
  type ServerAction,
} from './rules';
import type { WithEntitlements } from './entitlements';

export interface Permissions {
  /** Why `action` is not allowed in `project` (its entry in the signed-in projects). */
  inProject: (project: string, action: ProjectAction) => string | undefined;
  /** Why the server-level `action` is not allowed. */
  onServer: (action: ServerAction) => string | undefined;
  /** Why `action` is not allowed on `object`, a `noun` ("instance", "profile"). */
  on: (
    noun: string,
    action: ObjectAction,
    object: WithEntitlements | undefined,
  ) => string | undefined;
  /** Why a bulk `action` is not allowed on every selected object. */
  onEach: (
    noun: { one: string; other: string },
    action: ObjectAction,
    objects: readonly WithEntitlements[],
  ) => string | undefined;
}

/**
 * The rules of ./rules.ts bound to the signed-in identity: each answers the reason a control is
 * disabled, or undefined when the action is allowed (always, outside fine-grained mode).
 */
export function usePermissions(): Permissions {
  const { isFineGrained, projects, server } = useAuth();
  return useMemo(
    () => ({
      inProject: (project, action) =>
        projectDenial(
          isFineGrained,
          action,
          projects.find((candidate) => candidate.name === project),
        ),
      onServer: (action) => serverDenial(isFineGrained, action, server),
      on: (noun, action, object) => objectDenial(isFineGrained, action, noun, object),
      onEach: (noun, action, objects) => selectionDenial(isFineGrained, action, noun, objects),
    }),
    [isFineGrained, projects, server],
  );
}
