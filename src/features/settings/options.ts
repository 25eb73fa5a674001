/**
 * Pure rules of the settings table: which options exist (server metadata, or the built-in
 * catalogue on servers without it), their current values, categories, search and secrets.
 */
import type { ServerConfigValue } from '../../lxd/endpoints/settings';
import type { ServerKind } from '../../lxd/product';
import type { LxdConfigMetadata } from '../../lxd/types/config-metadata';
import { consoleUserKeys, SERVER_CATALOGUE } from './catalogue';
import type { CatalogueEntry, SettingScope, SettingType } from './catalogue-types';

export interface SettingOption {
  key: string;
  category: string;
  type: SettingType;
  default: string;
  description: string;
  /** Undefined when the server does not say. */
  scope: SettingScope | undefined;
  secret: boolean;
  min?: number | undefined;
}

export interface SettingRow extends SettingOption {
  /** The current value; `true` (boolean) when the server hides a secret that is set. */
  value: ServerConfigValue | undefined;
  isSet: boolean;
  isUserKey: boolean;
  /** A configured key no option describes (deleted rather than reset). */
  isCustom: boolean;
}

/** What every control of a settings row gets: the row, the member it edits, and the lock. */
export interface SettingControlProps {
  row: SettingRow;
  /** The cluster member whose local value is edited; undefined for the cluster-wide value. */
  target: string | undefined;
  disabled: boolean;
  disabledReason: string | undefined;
}

export interface SettingGroup {
  category: string;
  label: string;
  rows: SettingRow[];
}

export const USER_CATEGORY = 'user';

const TRUE_VALUES = ['true', '1', 'yes', 'on'];

const isTrue = (value: string) => TRUE_VALUES.includes(value.trim().toLowerCase());

/**
 * LXD 5.0 stores "false" for a boolean key without a default once it has been set and reset:
 * a boolean equal to its default counts as not set.
 */
function isDefaultBool(option: Pick<SettingOption, 'type' | 'default'>, value: ServerConfigValue) {
  return (
    option.type === 'bool' && typeof value === 'string' && isTrue(value) === isTrue(option.default)
  );
}

/**
 * What PATCH /1.0 sends to put an option back to its default: the known default value ("" for
 * user keys and options without one). LXD 5.0 turns "" into "false" for a boolean whose default
 * is true, and fails on "" for some integers, so the default itself is sent.
 */
export function resetValue(row: Pick<SettingRow, 'isUserKey' | 'isCustom' | 'default' | 'type'>) {
  if (row.isUserKey || row.isCustom) return '';
  if (row.type === 'integer' && !/^-?\d+$/.test(row.default)) return '';
  if (row.type === 'bool') return row.default === '' ? '' : String(isTrue(row.default));
  return row.default;
}

/** Keys whose values are secrets: masked until revealed. */
export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  return (
    lower === 'core.trust_password' ||
    lower.endsWith('.password') ||
    lower.includes('secret') ||
    lower === 'maas.api.key'
  );
}

export function isUserKey(key: string): boolean {
  return key.startsWith('user.');
}

/** "`gzip`" → "gzip"; "-" and free text without a value → "". */
export function cleanDefault(defaultdesc: string | undefined): string {
  const text = (defaultdesc ?? '').trim();
  const quoted = /^`([^`]*)`/.exec(text);
  if (quoted) return quoted[1] ?? '';
  return text === '-' ? '' : text;
}

function settingType(type: string | undefined): SettingType {
  if (type === 'bool' || type === 'boolean') return 'bool';
  if (type === 'integer' || type === 'int') return 'integer';
  return 'string';
}

function prefixCategory(key: string): string {
  return key.split('.')[0] ?? key;
}

/** Options from GET /1.0/metadata/configuration (`configs.server.<section>.keys`). */
export function optionsFromMetadata(metadata: LxdConfigMetadata): SettingOption[] {
  const sections = metadata.configs.server ?? {};
  const options: SettingOption[] = [];
  for (const [section, { keys }] of Object.entries(sections)) {
    for (const entry of keys) {
      for (const [key, meta] of Object.entries(entry)) {
        if (key.includes('*')) continue;
        options.push({
          key,
          category: isUserKey(key) ? USER_CATEGORY : section,
          type: settingType(meta.type),
          default: cleanDefault(meta.defaultdesc),
          description: meta.shortdesc ?? '',
          scope: meta.scope === 'local' || meta.scope === 'global' ? meta.scope : undefined,
          secret: isSecretKey(key),
        });
      }
    }
  }
  return options;
}

/** The catalogue entries of one product (LXD or Incus). */
function productCatalogue(kind: ServerKind): CatalogueEntry[] {
  return SERVER_CATALOGUE.filter((entry) => entry.only === undefined || entry.only === kind);
}

/**
 * The built-in catalogue, limited to keys whose API extension the server lists (and to the keys
 * of the server's product).
 */
export function optionsFromCatalogue(
  extensions: readonly string[],
  kind: ServerKind = 'lxd',
): SettingOption[] {
  return productCatalogue(kind)
    .filter((entry) => entry.requires === undefined || extensions.includes(entry.requires))
    .map((entry) => ({
      key: entry.key,
      category: prefixCategory(entry.key),
      type: entry.type,
      default: entry.default,
      description: entry.description,
      scope: entry.scope,
      secret: entry.secret === true || isSecretKey(entry.key),
      min: entry.min,
    }));
}

/**
 * Adds the console's own user keys (the server product's spelling) and, where metadata lacks
 * them, catalogue scopes and limits.
 */
export function withConsoleKeys(
  options: readonly SettingOption[],
  kind: ServerKind = 'lxd',
): SettingOption[] {
  const byKey = new Map(options.map((option) => [option.key, option]));
  const known = new Map(productCatalogue(kind).map((entry) => [entry.key, entry]));
  const result = options.map((option) => {
    const entry = known.get(option.key);
    if (!entry) return option;
    return { ...option, scope: option.scope ?? entry.scope, min: option.min ?? entry.min };
  });
  for (const entry of consoleUserKeys(kind)) {
    if (byKey.has(entry.key)) continue;
    result.push({
      key: entry.key,
      category: USER_CATEGORY,
      type: entry.type,
      default: entry.default,
      description: entry.description,
      scope: entry.scope,
      secret: false,
    });
  }
  return result;
}

/**
 * One row per known option plus one per configured key the options do not list. Local options
 * take their value from `memberConfig` when one is given (a cluster member's own values).
 */
export function buildRows(
  options: readonly SettingOption[],
  config: Readonly<Record<string, ServerConfigValue>>,
  memberConfig?: Readonly<Record<string, ServerConfigValue>>,
): SettingRow[] {
  const valueOf = (option: Pick<SettingOption, 'key' | 'scope'>) =>
    option.scope === 'local' && memberConfig ? memberConfig[option.key] : config[option.key];
  const rows: SettingRow[] = options.map((option) => {
    const value = valueOf(option);
    return {
      ...option,
      value,
      isSet: value !== undefined && !isDefaultBool(option, value),
      isUserKey: isUserKey(option.key),
      isCustom: false,
    };
  });
  const listed = new Set(options.map((option) => option.key));
  for (const [key, value] of Object.entries(config)) {
    if (listed.has(key)) continue;
    rows.push({
      key,
      category: isUserKey(key) ? USER_CATEGORY : prefixCategory(key),
      type: 'string',
      default: '',
      description: isUserKey(key) ? 'Free-form user key' : '',
      scope: undefined,
      secret: isSecretKey(key),
      value,
      isSet: true,
      isUserKey: isUserKey(key),
      isCustom: true,
    });
  }
  return rows;
}

const CATEGORY_ORDER = [
  'core',
  'cluster',
  'images',
  'instances',
  'miscellaneous',
  'backups',
  'storage',
  'network',
  'maas',
  'loki',
  'acme',
  'oidc',
  'openfga',
];

const CATEGORY_LABELS: Record<string, string> = {
  core: 'Core',
  cluster: 'Cluster',
  images: 'Images',
  instances: 'Instances',
  miscellaneous: 'Miscellaneous',
  backups: 'Backups',
  storage: 'Storage',
  network: 'Network (OVN)',
  maas: 'MAAS',
  loki: 'Loki',
  acme: 'ACME',
  oidc: 'OpenID Connect',
  openfga: 'OpenFGA',
  candid: 'Candid',
  rbac: 'RBAC',
  [USER_CATEGORY]: 'User keys',
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category.charAt(0).toUpperCase() + category.slice(1);
}

function categoryRank(category: string): number {
  if (category === USER_CATEGORY) return CATEGORY_ORDER.length + 1;
  const index = CATEGORY_ORDER.indexOf(category);
  return index === -1 ? CATEGORY_ORDER.length : index;
}

/** Rows grouped by category in a stable order, keys sorted within each group. */
export function groupRows(rows: readonly SettingRow[]): SettingGroup[] {
  const groups = new Map<string, SettingRow[]>();
  for (const row of rows) {
    const list = groups.get(row.category) ?? [];
    list.push(row);
    groups.set(row.category, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => categoryRank(a) - categoryRank(b) || a.localeCompare(b))
    .map(([category, list]) => ({
      category,
      label: categoryLabel(category),
      rows: [...list].sort((a, b) => a.key.localeCompare(b.key)),
    }));
}

/** Search: key, description, category or (non-secret) value contain the words, in any case. */
export function settingMatcher(query: string): (row: SettingRow) => boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (row) => {
    const value = row.secret || typeof row.value !== 'string' ? '' : row.value;
    const text = [row.key, row.description, categoryLabel(row.category), value, row.default]
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  };
}

/** The effective state of a boolean option: its value when set, else its default. */
export function effectiveBool(row: Pick<SettingRow, 'value' | 'default'>): boolean {
  return isTrue(typeof row.value === 'string' ? row.value : row.default);
}

/** The text shown for a value the server hides. */
export const HIDDEN_VALUE_TEXT = 'Set (the server does not reveal it)';
