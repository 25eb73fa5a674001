/**
 * The network form's fields: which config keys each network type takes (LXD's
 * doc/reference/network_{bridge,macvlan,ovn,physical,sriov}.md and the 5.0 validators), the
 * section each sits in, how it is entered and checked. Keys the form does not show stay in the
 * config untouched (YAML mode edits them).
 */
import { applicableKeys } from '../../../../shared/forms';
import { ACL_FIELDS } from './acls';
import { BRIDGE_FIELDS, DNS_FIELDS } from './bridge';
import { ipFields } from './ip';
import { NETWORK_SECTIONS, type FieldContext, type NetworkKeyField } from './key';
import { LINK_FIELDS } from './links';
import { OVN_UPLINK, OVN_UPLINK_SETTINGS } from './ovn';

export {
  NETWORK_SECTIONS,
  type FieldContext,
  type NetworkKeyContext,
  type NetworkKeyField,
  type NetworkSectionId,
} from './key';

export function isNetworkSectionId(
  value: string,
): value is (typeof NETWORK_SECTIONS)[number]['id'] {
  return NETWORK_SECTIONS.some((section) => section.id === value);
}

/** Every key of every type, in the order the form shows them. */
export const NETWORK_FIELDS: readonly NetworkKeyField[] = [
  OVN_UPLINK,
  ...LINK_FIELDS,
  ...ipFields(4),
  ...ipFields(6),
  ...BRIDGE_FIELDS,
  ...DNS_FIELDS,
  ...OVN_UPLINK_SETTINGS,
  ...ACL_FIELDS,
];

const BY_ID = new Map(NETWORK_FIELDS.map((field) => [field.id, field]));

/** The descriptor of a form name (`ipv4_address`). */
export const fieldById = (id: string) => BY_ID.get(id);

/** The fields of one type on this server, in form order. */
export function fieldsFor(type: string, context: FieldContext): NetworkKeyField[] {
  return applicableKeys(NETWORK_FIELDS, { ...context, type });
}

/** The config keys the form edits for a type (the key mapping per type). */
export function networkKeysFor(type: string, context: FieldContext): string[] {
  return fieldsFor(type, context).map((field) => field.key);
}

/** The sections a type shows: main, those with fields, and YAML. */
export function sectionsFor(type: string, context: FieldContext) {
  const used = new Set<string>(fieldsFor(type, context).map((field) => field.section));
  return NETWORK_SECTIONS.filter(
    (section) => section.id === 'main' || section.id === 'yaml' || used.has(section.id),
  );
}

/** Whether a field is shown for the current values (`needsAddress`). */
export function fieldShown(field: NetworkKeyField, config: Record<string, string>): boolean {
  return field.needsAddress === undefined || config[field.needsAddress] !== 'none';
}
