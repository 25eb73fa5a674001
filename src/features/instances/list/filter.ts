/**
 * The instance list's search language, kept in the URL as `?search=`:
 *   web                      free text: name or description contains it (any case)
 *   status:running           status (comma lists: status:running,frozen)
 *   type:container type:vm   type (vm = virtual-machine)
 *   profile:default project:p location:member1
 *   remote:incus             the server (the fleet's list of several servers' instances)
 *   tag:web                  one of the instance's tags (`user.tags`, see ../tags)
 *   user.team=blue           a user key of the expanded configuration equals a value;
 *                            user.team alone: the key is set
 *   limits.cpu=              limits.* keys too; an empty value: not set (no limit)
 *   -term                    negation of any term above
 *   "two words"              quotes keep spaces inside one term (also after key: or =)
 * Terms are all required, except repeated positive terms of one field, any of which may match.
 */
import type { InstanceStatus, InstanceType } from '../../../lxd/types/instance';
import { tagsOf } from '../tags';

export const FILTER_FIELDS = [
  'status',
  'type',
  'profile',
  'project',
  'location',
  'remote',
  'tag',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export interface Filterable {
  name: string;
  description: string;
  status: InstanceStatus;
  type: InstanceType;
  profiles: readonly string[];
  project: string;
  location: string;
  config: Readonly<Record<string, string>>;
  /** The remote it is on, in a list of several servers' instances. */
  remoteName?: string;
}

export type FilterTerm =
  | { kind: 'text'; value: string; negate: boolean }
  | { kind: 'field'; field: FilterField; values: string[]; negate: boolean }
  | { kind: 'config'; key: string; value: string | undefined; negate: boolean };

export interface Token {
  /** The token as typed, quotes included. */
  raw: string;
  term: FilterTerm;
}

/** Splits on whitespace outside double quotes; quotes are removed from the values. */
function splitRaw(input: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of input) {
    if (char === '"') quoted = !quoted;
    if (!quoted && /\s/.test(char)) {
      if (current) tokens.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

const unquote = (value: string) => value.replaceAll('"', '');

function isField(key: string): key is FilterField {
  return (FILTER_FIELDS as readonly string[]).includes(key);
}

function normaliseType(value: string): string {
  if (value === 'vm' || value === 'virtual-machine' || value === 'virtualmachine') {
    return 'virtual-machine';
  }
  if (value === 'ct') return 'container';
  return value;
}

function parseTerm(raw: string): FilterTerm | undefined {
  const negate = raw.length > 1 && raw.startsWith('-');
  const body = negate ? raw.slice(1) : raw;
  const colon = body.indexOf(':');
  if (colon > 0) {
    const key = body.slice(0, colon).toLowerCase();
    if (isField(key)) {
      const values = unquote(body.slice(colon + 1))
        .split(',')
        .map((value) => value.trim().toLowerCase())
        .filter(Boolean)
        .map((value) => (key === 'type' ? normaliseType(value) : value));
      // "status:" alone (still being typed) filters nothing.
      return values.length > 0 ? { kind: 'field', field: key, values, negate } : undefined;
    }
  }
  if (/^(user|limits)\./i.test(body)) {
    const equals = body.indexOf('=');
    const key = unquote(equals < 0 ? body : body.slice(0, equals));
    const value = equals < 0 ? undefined : unquote(body.slice(equals + 1));
    return { kind: 'config', key, value, negate };
  }
  const value = unquote(body).toLowerCase();
  return value ? { kind: 'text', value, negate } : undefined;
}

/** The terms of a search, each with the text it was typed as (for chips that remove it). */
export function tokenizeFilter(input: string): Token[] {
  const tokens: Token[] = [];
  for (const raw of splitRaw(input)) {
    const term = parseTerm(raw);
    if (term) tokens.push({ raw, term });
  }
  return tokens;
}

export function parseFilter(input: string): FilterTerm[] {
  return tokenizeFilter(input).map((token) => token.term);
}

/** The search without its `index`-th term (as returned by tokenizeFilter). */
export function removeFilterToken(input: string, index: number): string {
  return tokenizeFilter(input)
    .filter((_, i) => i !== index)
    .map((token) => token.raw)
    .join(' ');
}

function fieldMatches(item: Filterable, field: FilterField, value: string): boolean {
  switch (field) {
    case 'status':
      return item.status.toLowerCase() === value;
    case 'type':
      return item.type === value;
    case 'profile':
      return item.profiles.some((profile) => profile.toLowerCase() === value);
    case 'project':
      return item.project.toLowerCase() === value;
    case 'location':
      return item.location.toLowerCase() === value;
    case 'remote':
      return (item.remoteName ?? '').toLowerCase() === value;
    case 'tag':
      return tagsOf(item).some((tag) => tag.toLowerCase() === value);
  }
}

function termMatches(item: Filterable, term: FilterTerm): boolean {
  switch (term.kind) {
    case 'text':
      return (
        item.name.toLowerCase().includes(term.value) ||
        item.description.toLowerCase().includes(term.value)
      );
    case 'field':
      return term.values.some((value) => fieldMatches(item, term.field, value));
    case 'config': {
      const actual = item.config[term.key];
      if (term.value === undefined) return actual !== undefined;
      if (term.value === '') return actual === undefined || actual === '';
      return actual !== undefined && actual.toLowerCase() === term.value.toLowerCase();
    }
  }
}

/** A predicate for the parsed search; an empty search matches everything. */
export function compileFilter(input: string): (item: Filterable) => boolean {
  const terms = parseFilter(input);
  if (terms.length === 0) return () => true;
  const required: FilterTerm[] = [];
  const anyOf = new Map<FilterField, string[]>();
  for (const term of terms) {
    if (term.kind === 'field' && !term.negate) {
      anyOf.set(term.field, [...(anyOf.get(term.field) ?? []), ...term.values]);
    } else {
      required.push(term);
    }
  }
  for (const [field, values] of anyOf) {
    required.push({ kind: 'field', field, values, negate: false });
  }
  return (item) => required.every((term) => termMatches(item, term) !== term.negate);
}

/** Whether the search has terms that need the instances' details (all but free text). */
export function needsDetails(input: string): boolean {
  return parseFilter(input).some((term) => term.kind !== 'text');
}

/**
 * The search while some rows are names only: free text matches the name (and the description
 * of rows whose details are known); the other terms wait for the details and filter nothing.
 */
export function compileNameFilter(
  input: string,
): (item: Filterable & { pending?: true | undefined }) => boolean {
  const terms = parseFilter(input).filter((term) => term.kind === 'text');
  if (terms.length === 0) return () => true;
  return (item) =>
    terms.every(
      (term) =>
        (item.name.toLowerCase().includes(term.value) ||
          (!item.pending && item.description.toLowerCase().includes(term.value))) !== term.negate,
    );
}
