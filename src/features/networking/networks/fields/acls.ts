/** The ACLs section (security.acls and the default actions of bridges and OVN networks). */
import { BRIDGE_OVN, networkKey } from './key';

const scope = {
  types: BRIDGE_OVN,
  extension: { bridge: 'network_bridge_acl', ovn: 'network_ovn_acl' },
};
const ACTIONS = ['allow', 'reject', 'drop'].map((value) => ({ value, label: value }));

function defaultAction(direction: 'ingress' | 'egress', traffic: string) {
  return [
    networkKey(
      `security.acls.default.${direction}.action`,
      `Default ${direction} action`,
      'acls',
      'select',
      scope,
      {
        defaultText: 'reject',
        options: ACTIONS,
        help: `For ${traffic} traffic no ACL rule matches.`,
      },
    ),
    networkKey(
      `security.acls.default.${direction}.logged`,
      `Log unmatched ${direction}`,
      'acls',
      'bool',
      scope,
      { defaultText: 'off' },
    ),
  ];
}

export const ACL_FIELDS = [
  networkKey('security.acls', 'Network ACLs', 'acls', 'acls', scope),
  ...defaultAction('ingress', 'incoming'),
  ...defaultAction('egress', 'outgoing'),
];
