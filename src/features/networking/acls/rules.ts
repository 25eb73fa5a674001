/**
 * Pure rules of network ACLs: the name (LXD's own rules: a host name that cannot be mistaken
 * for an address or a reserved selector), the rule fields (spec §5 port lists, ICMP numbers,
 * subjects), what uses an ACL and why it cannot be deleted, and the list's search.
 */
import type { LxdNetworkAcl } from '../../../lxd/types/network';
import { describeUsedBy, usedByRefs } from '../../../lxd/used-by';
import {
  RESOURCE_NAME_MAX_LENGTH,
  isValidIpAddress,
  portListError,
} from '../../../shared/validation';

export const ACL_MESSAGES = {
  nameRequired: 'Network ACL name is required',
  nameLength: `Network ACL name must be between 1 and ${RESOURCE_NAME_MAX_LENGTH} characters`,
  nameStart: 'Network ACL name must start with a letter',
  nameEnd: 'Network ACL name must not end with a hyphen',
  nameChars: 'Only alphanumeric and hyphen characters are allowed',
  nameExists: 'A network ACL with this name already exists',
  icmpType: 'ICMP type must be a number from 0 to 255',
  icmpCode: 'ICMP code must be a number from 0 to 255',
  subject:
    'Use addresses, subnets (10.0.0.0/24), ranges (10.0.0.1-10.0.0.9), ACL names, @internal or @external, separated by commas',
  renameInYaml: 'Use Rename to change the name of a network ACL',
} as const;

/** The name rules that need no lookup; uniqueness comes from the name check (spec §7). */
export function validateAclName(name: string): string | undefined {
  if (name === '') return ACL_MESSAGES.nameRequired;
  if (name.length > RESOURCE_NAME_MAX_LENGTH) return ACL_MESSAGES.nameLength;
  if (!/^[A-Za-z]/.test(name)) return ACL_MESSAGES.nameStart;
  if (!/^[A-Za-z0-9-]+$/.test(name)) return ACL_MESSAGES.nameChars;
  if (name.endsWith('-')) return ACL_MESSAGES.nameEnd;
  return undefined;
}

export const ACL_ACTIONS = ['allow', 'reject', 'drop'] as const;
export const ACL_RULE_STATES = ['enabled', 'disabled', 'logged'] as const;
/** '' is "any protocol" (the field left out). */
export const ACL_PROTOCOLS = [
  { value: '', label: 'Any' },
  { value: 'tcp', label: 'TCP' },
  { value: 'udp', label: 'UDP' },
  { value: 'icmp4', label: 'ICMPv4' },
  { value: 'icmp6', label: 'ICMPv6' },
] as const;

export type AclDirection = 'ingress' | 'egress';

/** A rule as the form edits it: every field is text, '' when unset. */
export interface AclRuleValues {
  action: string;
  state: string;
  protocol: string;
  source: string;
  destination: string;
  source_port: string;
  destination_port: string;
  icmp_type: string;
  icmp_code: string;
  description: string;
}

export type AclRuleField = keyof AclRuleValues;
export type AclRuleErrors = Partial<Record<AclRuleField, string>>;

/** Ports apply to TCP and UDP only; ICMP type and code to ICMP only (LXD refuses the others). */
export const takesPorts = (protocol: string) => protocol === 'tcp' || protocol === 'udp';
export const takesIcmp = (protocol: string) => protocol === 'icmp4' || protocol === 'icmp6';

function uint8Error(value: string, message: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return /^\d{1,3}$/.test(text) && Number(text) <= 255 ? undefined : message;
}

const CIDR = /^(.+)\/(\d{1,3})$/;

/** One source or destination entry: an address, a subnet, a range, an ACL name or an alias. */
export function isAclSubject(entry: string): boolean {
  if (entry === '@internal' || entry === '@external') return true;
  const cidr = CIDR.exec(entry);
  if (cidr) {
    const [, address = '', bits = ''] = cidr;
    const max = address.includes(':') ? 128 : 32;
    return isValidIpAddress(address) && !address.includes('%') && Number(bits) <= max;
  }
  if (isValidIpAddress(entry)) return true;
  const range = entry.split('-');
  if (range.length === 2 && range.every((part) => isValidIpAddress(part.trim()))) return true;
  return validateAclName(entry) === undefined;
}

/** A comma-separated subject list; empty means "any". */
export function subjectError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every((entry) => entry !== '' && isAclSubject(entry))
    ? undefined
    : ACL_MESSAGES.subject;
}

/** Messages per field of one rule (only the fields its protocol uses are checked). */
export function ruleErrors(rule: AclRuleValues): AclRuleErrors {
  const errors: AclRuleErrors = {};
  const source = subjectError(rule.source);
  if (source) errors.source = source;
  const destination = subjectError(rule.destination);
  if (destination) errors.destination = destination;
  if (takesPorts(rule.protocol)) {
    for (const field of ['source_port', 'destination_port'] as const) {
      const value = rule[field].trim();
      const problem = value === '' ? undefined : portListError(value);
      if (problem) errors[field] = problem;
    }
  }
  if (takesIcmp(rule.protocol)) {
    const type = uint8Error(rule.icmp_type, ACL_MESSAGES.icmpType);
    if (type) errors.icmp_type = type;
    const code = uint8Error(rule.icmp_code, ACL_MESSAGES.icmpCode);
    if (code) errors.icmp_code = code;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** "Any" for an empty subject. */
export const subjectText = (value: string | undefined) => (value?.trim() ? value : 'Any');

export function protocolLabel(protocol: string | undefined): string {
  return ACL_PROTOCOLS.find((p) => p.value === (protocol ?? ''))?.label ?? protocol ?? '';
}

/** The ports or ICMP part of a rule in a line: "80,443", "from 1024-65535 to 22", "type 8". */
export function ruleMatchText(rule: Partial<AclRuleValues>): string {
  const protocol = rule.protocol ?? '';
  if (takesPorts(protocol)) {
    const from = rule.source_port?.trim();
    const to = rule.destination_port?.trim();
    if (from && to) return `from ${from} to ${to}`;
    if (from) return `from ${from}`;
    if (to) return to;
    return 'All ports';
  }
  if (takesIcmp(protocol)) {
    const parts = [
      rule.icmp_type?.trim() ? `type ${rule.icmp_type.trim()}` : '',
      rule.icmp_code?.trim() ? `code ${rule.icmp_code.trim()}` : '',
    ].filter(Boolean);
    return parts.length ? parts.join(', ') : 'All types';
  }
  return '';
}

/** What uses an ACL is named networks first: "2 networks (br0, br1) and 1 instance (c1)". */
export const ACL_USED_BY_ORDER = ['network', 'instance', 'profile', 'network-acl'] as const;

/** Why an ACL cannot be deleted (LXD refuses while anything uses it), naming the users. */
export function deleteAclBlocker(acl: Pick<LxdNetworkAcl, 'used_by'>): string | undefined {
  const users = usedByRefs(acl.used_by);
  if (users.length === 0) return undefined;
  const described = describeUsedBy(users, { order: ACL_USED_BY_ORDER });
  return `This network ACL is used by ${described}. Remove it from them before deleting it.`;
}

/** Whether an ACL's name or description contains the search text. */
export function matchAcl(search: string) {
  const q = search.trim().toLowerCase();
  return (acl: Pick<LxdNetworkAcl, 'name' | 'description'>) =>
    !q || acl.name.toLowerCase().includes(q) || (acl.description || '').toLowerCase().includes(q);
}

export const ruleCount = (rules: readonly unknown[] | null | undefined) => rules?.length ?? 0;
