import { describe, expect, it } from 'vitest';
import type { LxdClusterMember } from '../../lxd/types/cluster';
import {
  evacuationModes,
  groupDeleteReason,
  groupPutBody,
  groupsPostBody,
  memberFormValues,
  memberOfflineReason,
  memberPutBody,
  membersKeptInGroup,
  restoreModes,
  settableRoles,
  stateProgress,
  validateGroupName,
  validateMemberForm,
} from './form';
import { clusterInstanceInvalidation, clusterInvalidation } from './events';
import { clusterKeys, countByMember } from './queries';

const LXD_502 = [
  'clustering_evacuation',
  'clustering_evacuation_live',
  'clustering_groups',
  'event_hub',
  'cluster_ovn_chassis',
];

describe('evacuation modes per server', () => {
  it('offers no mode without clustering_evacuation_mode (LXD 5.0.2): cluster.evacuate decides', () => {
    expect(evacuationModes(LXD_502)).toEqual([]);
    expect(evacuationModes([])).toEqual([]);
  });

  it('offers auto, stop and migrate with the mode extension', () => {
    expect(evacuationModes(['clustering_evacuation_mode']).map((m) => m.value)).toEqual([
      'auto',
      'stop',
      'migrate',
    ]);
  });

  it('adds live-migrate where clustering_evacuation_live is there too', () => {
    expect(
      evacuationModes(['clustering_evacuation_mode', 'clustering_evacuation_live']).map(
        (m) => m.value,
      ),
    ).toEqual(['auto', 'stop', 'migrate', 'live-migrate']);
  });

  it('offers the restore mode skip only with clustering_restore_skip_mode', () => {
    expect(restoreModes(LXD_502)).toEqual([]);
    expect(restoreModes(['clustering_restore_skip_mode']).map((m) => m.value)).toEqual(['skip']);
  });
});

const member: LxdClusterMember = {
  server_name: 'm1',
  url: 'https://10.201.0.11:8443',
  status: 'Online',
  message: 'Fully operational',
  description: 'old',
  failure_domain: 'default',
  groups: ['default', 'gA'],
  roles: ['database-leader', 'database', 'event-hub'],
  config: { 'scheduler.instance': 'manual' },
  database: true,
};

describe('member configuration', () => {
  it('edits only the settable roles; the database roles are kept as read', () => {
    expect(settableRoles(LXD_502)).toEqual(['event-hub', 'ovn-chassis']);
    expect(settableRoles([])).toEqual([]);
    expect(memberFormValues(member)).toEqual({
      description: 'old',
      failureDomain: 'default',
      groups: ['default', 'gA'],
      roles: ['event-hub'],
    });
  });

  it('builds the PUT body with the config, the internal roles and the edits', () => {
    expect(
      memberPutBody(member, {
        description: 'new',
        failureDomain: ' rack1 ',
        groups: ['gA'],
        roles: ['ovn-chassis'],
      }),
    ).toEqual({
      config: { 'scheduler.instance': 'manual' },
      description: 'new',
      failure_domain: 'rack1',
      groups: ['gA'],
      roles: ['database-leader', 'database', 'ovn-chassis'],
    });
  });

  it('sends an empty config for a member without one', () => {
    const bare: LxdClusterMember = { ...member, config: undefined };
    expect(memberPutBody(bare, memberFormValues(bare)).config).toEqual({});
  });

  it('requires at least one group', () => {
    expect(validateMemberForm({ ...memberFormValues(member), groups: [] })).toEqual({
      groups: 'A member must belong to at least one group',
    });
    expect(validateMemberForm(memberFormValues(member))).toEqual({});
  });

  it('says why an unreachable member cannot be asked', () => {
    expect(memberOfflineReason(member)).toBeUndefined();
    expect(memberOfflineReason({ ...member, status: 'Evacuated' })).toBeUndefined();
    expect(memberOfflineReason({ server_name: 'm3', status: 'Offline' })).toBe(
      'm3 is offline: it does not answer until it is online again',
    );
  });

  it('reads the progress line of an evacuation', () => {
    expect(stateProgress({ evacuation_progress: 'Stopping "c1" in project "default"' })).toBe(
      'Stopping "c1" in project "default"',
    );
    expect(stateProgress(null)).toBeUndefined();
    expect(stateProgress({ evacuation_progress: '' })).toBeUndefined();
  });
});

describe('cluster groups', () => {
  it.each([
    ['gB', undefined],
    ['', 'Enter a group name'],
    ['a/b', 'Group names may not contain slashes'],
    ['a b', 'Group names may not contain spaces'],
    ['a_b', 'Group names may not contain underscores'],
    ["a'b", 'Group names may not contain quotes'],
    ['a"b', 'Group names may not contain quotes'],
    ['*', 'This name is reserved'],
    ['..', 'This name is reserved'],
    ['gA', 'A group with this name already exists'],
  ])('name %j → %s', (name, message) => {
    expect(validateGroupName(name, ['default', 'gA'])).toBe(message);
  });

  it('builds the create and update bodies', () => {
    expect(groupsPostBody({ name: ' gB ', description: 'GPU', members: ['m3'] })).toEqual({
      name: 'gB',
      description: 'GPU',
      members: ['m3'],
    });
    expect(groupPutBody({ description: '', members: ['m1', 'm2'] })).toEqual({
      description: '',
      members: ['m1', 'm2'],
    });
  });

  it('keeps default and non-empty groups from being deleted, saying why', () => {
    expect(groupDeleteReason({ name: 'default', description: '', members: [] })).toBe(
      'The default group holds every new member: it cannot be renamed or deleted',
    );
    expect(groupDeleteReason({ name: 'gA', description: '', members: ['m2'] })).toBe(
      'Only an empty group can be deleted: remove its members first',
    );
    expect(groupDeleteReason({ name: 'gB', description: '', members: [] })).toBeUndefined();
  });

  it('names the members LXD keeps in a group because it is their only one', () => {
    const members = [
      { server_name: 'm1', groups: ['default'] },
      { server_name: 'm2', groups: ['default', 'gA'] },
    ];
    expect(membersKeptInGroup('default', ['m1', 'm2'], [], members)).toEqual(['m1']);
    expect(membersKeptInGroup('default', ['m1', 'm2'], ['m1'], members)).toEqual([]);
  });
});

describe('instances per member', () => {
  it('counts instances by location', () => {
    const counts = countByMember([
      { name: 'a', project: 'default', status: 'Running', type: 'container', location: 'm1' },
      { name: 'b', project: 'p', status: 'Stopped', type: 'container', location: 'm1' },
      { name: 'c', project: 'default', status: 'Error', type: 'container', location: 'm3' },
    ]);
    expect([...counts]).toEqual([
      ['m1', 2],
      ['m3', 1],
    ]);
  });
});

describe('what makes the cluster screens stale', () => {
  it('refreshes the instances per member on instance events, the rest on cluster events', () => {
    expect(clusterInstanceInvalidation).toEqual({
      prefixes: ['instance-'],
      queryKey: clusterKeys.instances(),
    });
    expect(clusterKeys.instances().slice(0, 1)).toEqual(['cluster']);
    expect(clusterInvalidation.prefixes).toEqual(['cluster-']);
  });
});
