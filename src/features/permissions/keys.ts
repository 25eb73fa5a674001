/** Query keys of the permissions area; every key starts with `permissionsKeyRoot`. */
import { permissionsKeyRoot } from './events';

export const permissionsKeys = {
  all: permissionsKeyRoot,
  /** The signed-in identity (GET /1.0/auth/identities/current), read by the app shell. */
  currentIdentity: [...permissionsKeyRoot, 'identities', 'current'] as const,
  /** The signed-in certificate on servers without access management, read by the app shell. */
  currentCertificate: (fingerprint: string) =>
    [...permissionsKeyRoot, 'certificates', 'current', fingerprint] as const,
  identities: [...permissionsKeyRoot, 'identities', 'list'] as const,
  identity: (method: string, id: string) =>
    [...permissionsKeyRoot, 'identities', 'detail', method, id] as const,
  groups: [...permissionsKeyRoot, 'groups', 'list'] as const,
  group: (name: string) => [...permissionsKeyRoot, 'groups', 'detail', name] as const,
  idpGroups: [...permissionsKeyRoot, 'idp-groups', 'list'] as const,
  idpGroup: (name: string) => [...permissionsKeyRoot, 'idp-groups', 'detail', name] as const,
  /** GET /1.0/auth/permissions?entity-type= : the entities and entitlements a group may get. */
  permissionChoices: (entityType: string, project: string) =>
    [...permissionsKeyRoot, 'permission-choices', entityType, project] as const,
  /** GET /1.0/metadata/configuration `entities`: the entity types a permission may name. */
  entityTypes: [...permissionsKeyRoot, 'entity-types'] as const,
  certificates: [...permissionsKeyRoot, 'certificates', 'list'] as const,
  /** Pending trust tokens (token operations). */
  certificateTokens: [...permissionsKeyRoot, 'certificates', 'tokens'] as const,
};
