import { describe, expect, it } from 'vitest';
import { describeUsedBy, parseUsedBy, usedByRefs } from '../../../lxd/used-by';
import { PORTS_INVALID, PORTS_TOO_MANY, PORT_RANGE_ORDER } from '../../../shared/validation';
import {
  aclFromYamlObject,
  aclToValues,
  aclYamlObject,
  moveRule,
  newAclValues,
  newRuleValues,
  valuesToPost,
  valuesToPut,
  valuesToRule,
} from './form';
import {
  ACL_MESSAGES,
  ACL_USED_BY_ORDER,
  deleteAclBlocker,
  matchAcl,
  ruleErrors,
  ruleMatchText,
  subjectError,
  validateAclName,
} from './rules';

const rule = (over: Partial<ReturnType<typeof newRuleValues>> = {}) => ({
  ...newRuleValues(),
  ...over,
});

describe('network ACL name', () => {
  it('follows LXD’s rules with the console’s messages', () => {
    expect(validateAclName('web-servers1')).toBeUndefined();
    expect(validateAclName('')).toBe('Network ACL name is required');
    expect(validateAclName('a'.repeat(64))).toBe(
      'Network ACL name must be between 1 and 63 characters',
    );
    expect(validateAclName('a'.repeat(63))).toBeUndefined();
    for (const name of ['1web', '-web', '@internal', '%x', '#x']) {
      expect(validateAclName(name)).toBe('Network ACL name must start with a letter');
    }
    expect(validateAclName('web_1')).toBe('Only alphanumeric and hyphen characters are allowed');
    expect(validateAclName('web.1')).toBe(ACL_MESSAGES.nameChars);
    expect(validateAclName('web-')).toBe('Network ACL name must not end with a hyphen');
    expect(ACL_MESSAGES.nameExists).toBe('A network ACL with this name already exists');
  });
});

describe('network ACL rule fields', () => {
  it('checks source and destination ports with the spec port-list rule, for TCP and UDP', () => {
    expect(ruleErrors(rule({ protocol: 'tcp', destination_port: '80,443,8000-8080' }))).toEqual({});
    expect(ruleErrors(rule({ protocol: 'udp', source_port: '1,2,3,4,5,6,7,8,9,10,11' }))).toEqual({
      source_port: PORTS_TOO_MANY,
    });
    expect(ruleErrors(rule({ protocol: 'tcp', destination_port: '65536' }))).toEqual({
      destination_port: PORTS_INVALID,
    });
    expect(ruleErrors(rule({ protocol: 'tcp', destination_port: '90-80' }))).toEqual({
      destination_port: PORT_RANGE_ORDER,
    });
    expect(PORTS_TOO_MANY).toBe('At most 10 ports or port ranges are allowed');
  });

  it('ignores port fields when the protocol takes none (they are not sent)', () => {
    expect(ruleErrors(rule({ protocol: 'icmp4', destination_port: '65536' }))).toEqual({});
    expect(ruleErrors(rule({ protocol: '', source_port: 'x' }))).toEqual({});
  });

  it('checks ICMP type and code as numbers from 0 to 255, for ICMP only', () => {
    expect(ruleErrors(rule({ protocol: 'icmp4', icmp_type: '8', icmp_code: '0' }))).toEqual({});
    expect(ruleErrors(rule({ protocol: 'icmp6', icmp_type: '256', icmp_code: 'x' }))).toEqual({
      icmp_type: 'ICMP type must be a number from 0 to 255',
      icmp_code: 'ICMP code must be a number from 0 to 255',
    });
    expect(ruleErrors(rule({ protocol: 'tcp', icmp_type: '999' }))).toEqual({});
  });

  it('accepts addresses, subnets, ranges, ACL names and the aliases as subjects', () => {
    for (const value of [
      '',
      '10.0.0.1',
      '10.0.0.0/24, 192.168.1.1-192.168.1.9',
      'fd42::/64',
      '@internal,@external',
      'other-acl',
    ]) {
      expect(subjectError(value)).toBeUndefined();
    }
    for (const value of ['10.0.0', '10.0.0.0/33', '10.0.0.1,', '1-2', 'bad name']) {
      expect(subjectError(value)).toBe(ACL_MESSAGES.subject);
    }
    expect(ruleErrors(rule({ source: '10.0.0.0/99' }))).toEqual({ source: ACL_MESSAGES.subject });
  });

  it('says what a rule matches in a line', () => {
    expect(ruleMatchText(rule({ protocol: 'tcp', destination_port: '22' }))).toBe('22');
    expect(
      ruleMatchText(rule({ protocol: 'tcp', source_port: '1024-65535', destination_port: '22' })),
    ).toBe('from 1024-65535 to 22');
    expect(ruleMatchText(rule({ protocol: 'udp' }))).toBe('All ports');
    expect(ruleMatchText(rule({ protocol: 'icmp4', icmp_type: '8' }))).toBe('type 8');
    expect(ruleMatchText(rule({ protocol: '' }))).toBe('');
  });
});

describe('network ACL rule mapping', () => {
  it('sends only the fields the protocol takes, trimmed, empty ones left out', () => {
    expect(
      valuesToRule(
        rule({
          action: 'drop',
          state: 'logged',
          protocol: 'tcp',
          source: ' 10.0.0.0/8 ',
          destination_port: '80,443',
          icmp_type: '8',
          description: '',
        }),
      ),
    ).toEqual({
      action: 'drop',
      state: 'logged',
      protocol: 'tcp',
      source: '10.0.0.0/8',
      destination_port: '80,443',
    });
    expect(
      valuesToRule(
        rule({ protocol: 'icmp6', icmp_type: '128', icmp_code: '0', source_port: '80' }),
      ),
    ).toEqual({
      action: 'allow',
      state: 'enabled',
      protocol: 'icmp6',
      icmp_type: '128',
      icmp_code: '0',
    });
    expect(valuesToRule(rule({ source_port: '80', description: 'any' }))).toEqual({
      action: 'allow',
      state: 'enabled',
      description: 'any',
    });
  });

  it('reads an ACL into the form and back (null rule lists are empty)', () => {
    const acl = {
      name: 'web',
      description: 'Web',
      ingress: [{ action: 'allow', state: 'enabled', protocol: 'tcp', destination_port: '80' }],
      egress: null,
      config: { 'user.k': 'v' },
    };
    const values = aclToValues(acl);
    expect(values.egress).toEqual([]);
    expect(valuesToPost(values)).toEqual({
      name: 'web',
      description: 'Web',
      ingress: [{ action: 'allow', state: 'enabled', protocol: 'tcp', destination_port: '80' }],
      egress: [],
      config: { 'user.k': 'v' },
    });
  });

  it('moves rules up and down and keeps the ends in place', () => {
    expect(moveRule(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRule(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRule(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRule(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('network ACL YAML mode', () => {
  it('shows the POST body when creating and the PUT body when editing', () => {
    const values = { ...newAclValues(), name: 'web' };
    expect(aclYamlObject(values, 'create')).toEqual(valuesToPost(values));
    expect(aclYamlObject(values, 'edit')).toEqual(valuesToPut(values));
  });

  it('reads rules back and refuses wrong shapes and renames', () => {
    const previous = { ...newAclValues(), name: 'web' };
    const read = aclFromYamlObject(
      { description: 'd', ingress: [{ action: 'reject', protocol: 'udp', destination_port: 53 }] },
      previous,
      'edit',
    );
    expect(read.name).toBe('web');
    expect(read.ingress[0]).toMatchObject({
      action: 'reject',
      state: 'enabled',
      protocol: 'udp',
      destination_port: '53',
    });
    expect(() => aclFromYamlObject({ name: 'other' }, previous, 'edit')).toThrow(
      'Use Rename to change the name of a network ACL',
    );
    expect(() => aclFromYamlObject({ ingress: 'x' }, previous, 'edit')).toThrow(
      'ingress must be a list of rules',
    );
    expect(() => aclFromYamlObject({ egress: [{}] }, previous, 'edit')).toThrow(
      'egress rule 1 needs an action',
    );
    expect(() => aclFromYamlObject([1], previous, 'edit')).toThrow('mapping');
    expect(aclFromYamlObject({ name: 'new' }, newAclValues(), 'create').name).toBe('new');
  });
});

describe('what uses a network ACL', () => {
  it('reads used_by URLs with their project', () => {
    expect(parseUsedBy('/1.0/networks/br0')).toMatchObject({
      kind: 'network',
      name: 'br0',
      project: 'default',
    });
    expect(parseUsedBy('/1.0/instances/c%201?project=team')).toMatchObject({
      kind: 'instance',
      name: 'c 1',
      project: 'team',
    });
    expect(parseUsedBy('/1.0/profiles/p', 'team')).toMatchObject({
      kind: 'profile',
      project: 'team',
    });
    expect(parseUsedBy('/1.0/network-acls/other')).toMatchObject({ kind: 'network-acl' });
    expect(parseUsedBy('/1.0/something/else/x')).toMatchObject({ kind: 'other' });
  });

  it('refuses deletion while in use, saying by what', () => {
    expect(deleteAclBlocker({ used_by: [] })).toBeUndefined();
    expect(deleteAclBlocker({ used_by: null })).toBeUndefined();
    expect(
      deleteAclBlocker({
        used_by: ['/1.0/networks/br1', '/1.0/networks/br0', '/1.0/instances/c1'],
      }),
    ).toBe(
      'This network ACL is used by 2 networks (br0, br1) and 1 instance (c1). Remove it from them before deleting it.',
    );
    expect(
      describeUsedBy(usedByRefs(['a', 'b', 'c', 'd'].map((n) => `/1.0/networks/${n}`)), {
        order: ACL_USED_BY_ORDER,
      }),
    ).toBe('4 networks (a, b, c and 1 more)');
  });

  it('searches by name and description', () => {
    const match = matchAcl('WEB');
    expect(match({ name: 'web', description: '' })).toBe(true);
    expect(match({ name: 'db', description: 'for web' })).toBe(true);
    expect(match({ name: 'db', description: '' })).toBe(false);
  });
});
