/**
 * The server options the console knows by itself, for servers without option metadata
 * (no `metadata_configuration`, i.e. LXD 5.0). Taken from LXD's server configuration reference
 * (and Incus's, where they differ); each key is offered only when the server lists the API
 * extension that introduced it, and a key one product alone has (with no extension telling) only
 * on that product, so every key shown is one the server accepts.
 */
import type { ServerKind } from '../../lxd/product';

export type SettingType = 'string' | 'bool' | 'integer';
export type SettingScope = 'global' | 'local';

export interface CatalogueEntry {
  key: string;
  type: SettingType;
  /** The default value ('' when there is none). */
  default: string;
  description: string;
  /** `local` options are set per cluster member. */
  scope: SettingScope;
  /** The API extension that introduced the key. */
  requires?: string;
  /** Lowest accepted integer. */
  min?: number;
  secret?: boolean;
  /** Only on this product (the other lacks the key, or describes it otherwise). */
  only?: ServerKind;
}

export type Extra = Partial<Pick<CatalogueEntry, 'scope' | 'requires' | 'min' | 'secret' | 'only'>>;

export function opt(
  key: string,
  type: SettingType,
  defaultValue: string,
  description: string,
  extra: Extra = {},
): CatalogueEntry {
  return { key, type, default: defaultValue, description, scope: 'global', ...extra };
}

export const local = (requires?: string): Extra =>
  requires ? { scope: 'local', requires } : { scope: 'local' };
