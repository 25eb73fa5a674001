/**
 * The network ACL form: its values, the POST and PUT bodies, and YAML mode (what it shows and how
 * it is read back). A rule keeps only the fields its protocol takes: ports for TCP and UDP,
 * ICMP type and code for ICMP, as LXD requires.
 */
import type {
  LxdNetworkAcl,
  LxdNetworkAclPut,
  LxdNetworkAclRule,
  LxdNetworkAclsPost,
} from '../../../lxd/types/network';
import type { Problems } from '../../../shared/forms';
import {
  ACL_MESSAGES,
  ruleErrors,
  takesIcmp,
  takesPorts,
  validateAclName,
  type AclDirection,
  type AclRuleValues,
} from './rules';

export type AclFormMode = 'create' | 'edit';

export interface AclFormValues {
  name: string;
  description: string;
  ingress: AclRuleValues[];
  egress: AclRuleValues[];
  /** Kept as read (user.* keys): the form does not edit it, YAML mode does. */
  config: Record<string, string>;
}

export function newRuleValues(): AclRuleValues {
  return {
    action: 'allow',
    state: 'enabled',
    protocol: '',
    source: '',
    destination: '',
    source_port: '',
    destination_port: '',
    icmp_type: '',
    icmp_code: '',
    description: '',
  };
}

export function newAclValues(): AclFormValues {
  return { name: '', description: '', ingress: [], egress: [], config: {} };
}

export function ruleToValues(rule: LxdNetworkAclRule): AclRuleValues {
  return {
    action: rule.action,
    state: rule.state,
    protocol: rule.protocol ?? '',
    source: rule.source ?? '',
    destination: rule.destination ?? '',
    source_port: rule.source_port ?? '',
    destination_port: rule.destination_port ?? '',
    icmp_type: rule.icmp_type ?? '',
    icmp_code: rule.icmp_code ?? '',
    description: rule.description ?? '',
  };
}

/** The rule as LXD takes it: trimmed, empty fields left out, fields of other protocols dropped. */
export function valuesToRule(values: AclRuleValues): LxdNetworkAclRule {
  const rule: LxdNetworkAclRule = { action: values.action, state: values.state };
  const set = (field: keyof AclRuleValues, value: string) => {
    const text = value.trim();
    if (text !== '') (rule as unknown as Record<string, string>)[field] = text;
  };
  set('description', values.description);
  set('protocol', values.protocol);
  set('source', values.source);
  set('destination', values.destination);
  if (takesPorts(values.protocol)) {
    set('source_port', values.source_port);
    set('destination_port', values.destination_port);
  }
  if (takesIcmp(values.protocol)) {
    set('icmp_type', values.icmp_type);
    set('icmp_code', values.icmp_code);
  }
  return rule;
}

export function aclToValues(acl: LxdNetworkAcl): AclFormValues {
  return {
    name: acl.name,
    description: acl.description,
    ingress: (acl.ingress ?? []).map(ruleToValues),
    egress: (acl.egress ?? []).map(ruleToValues),
    config: { ...acl.config },
  };
}

export function valuesToPut(values: AclFormValues): LxdNetworkAclPut {
  return {
    description: values.description,
    ingress: values.ingress.map(valuesToRule),
    egress: values.egress.map(valuesToRule),
    config: values.config,
  };
}

export function valuesToPost(values: AclFormValues): LxdNetworkAclsPost {
  return { name: values.name.trim(), ...valuesToPut(values) };
}

/** What YAML mode shows: the POST body when creating, the PUT body when editing. */
export function aclYamlObject(values: AclFormValues, mode: AclFormMode): unknown {
  return mode === 'create' ? valuesToPost(values) : valuesToPut(values);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function readRules(value: unknown, direction: AclDirection): AclRuleValues[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Error(`${direction} must be a list of rules`);
  return value.map((item, index) => {
    if (!isRecord(item))
      throw new Error(`${direction} rule ${String(index + 1)} must be a mapping`);
    const rule = ruleToValues({
      action: text(item.action),
      state: text(item.state),
      protocol: text(item.protocol),
      source: text(item.source),
      destination: text(item.destination),
      source_port: text(item.source_port),
      destination_port: text(item.destination_port),
      icmp_type: text(item.icmp_type),
      icmp_code: text(item.icmp_code),
      description: text(item.description),
    });
    if (rule.action === '') {
      throw new Error(`${direction} rule ${String(index + 1)} needs an action`);
    }
    if (rule.state === '') rule.state = 'enabled';
    return rule;
  });
}

/** Reads YAML mode's object back; throws with the message the form shows for a wrong shape. */
export function aclFromYamlObject(
  value: unknown,
  previous: AclFormValues,
  mode: AclFormMode,
): AclFormValues {
  if (value === null || value === undefined) value = {};
  if (!isRecord(value)) throw new Error('The YAML must be a mapping of fields');
  const name = value.name === undefined ? undefined : text(value.name);
  if (mode === 'edit' && name !== undefined && name !== previous.name) {
    throw new Error(ACL_MESSAGES.renameInYaml);
  }
  const config: Record<string, string> = {};
  if (value.config !== undefined && value.config !== null) {
    if (!isRecord(value.config)) throw new Error('config must be a mapping of keys to values');
    for (const [key, entry] of Object.entries(value.config)) config[key] = text(entry);
  }
  return {
    name: mode === 'create' ? (name ?? '') : previous.name,
    description: text(value.description),
    ingress: readRules(value.ingress, 'ingress'),
    egress: readRules(value.egress, 'egress'),
    config,
  };
}

/** Moves the rule at `index` one place up (-1) or down (+1). */
export function moveRule<T>(rules: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= rules.length || target < 0 || target >= rules.length) {
    return [...rules];
  }
  const next = [...rules];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

/**
 * Every problem of the form by field path: each rule's (`ingress.0.source`; YAML mode can bring
 * any, the rule dialog checks its own), then the name when creating.
 */
export function aclProblems(values: AclFormValues, mode: AclFormMode): Problems {
  const problems: Problems = {};
  for (const direction of ['ingress', 'egress'] as const) {
    values[direction].forEach((rule, index) => {
      for (const [field, message] of Object.entries(ruleErrors(rule))) {
        problems[`${direction}.${String(index)}.${field}`] = message;
      }
    });
  }
  const name = mode === 'create' ? validateAclName(values.name.trim()) : undefined;
  if (name) problems.name = name;
  return problems;
}

/** A problem under YAML mode's editor: "ingress rule 2: …", the name's as it is. */
export function aclYamlProblem(path: string, message: string): string {
  const rule = /^(ingress|egress)\.(\d+)\./.exec(path);
  return rule ? `${rule[1] ?? ''} rule ${String(Number(rule[2]) + 1)}: ${message}` : message;
}
