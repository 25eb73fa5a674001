import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { sectionFields } from './fields';
import { configMapping, toConfig, toFormValues } from './mapping';
import {
  SSH_KEY_DATA,
  SSH_KEY_EMPTY,
  SSH_KEY_FORMAT,
  SSH_NAME_CHARACTERS,
  SSH_NAME_EMPTY,
  SSH_USER_INVALID,
  USER_DATA_NOT_CLOUD_CONFIG,
  USER_DATA_USERS_INVALID,
  USER_KEY_CHARACTERS,
  USER_KEY_EMPTY,
  USER_KEY_SPACES,
  mergeSshKey,
  removeUserDataSshKey,
  sshKeyError,
  sshKeyProblems,
  sshKeyType,
  sshNameExists,
  userDataSshKeys,
  userKeyError,
  userKeyExists,
  userKeyReserved,
} from './user-config';

const ED25519 =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINJyC6kbm8kuokL/bk2yTAJ6z8hDQx2g86hExNv+z8bH me@laptop';
const ECDSA =
  'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBG2MVutm5cIifrwLpj+NjZLeIK83gFey0EeWi3j6FCx5+Gbmqy6o1euY51xVAQPrwX0oKE2ssp3MTVtjsX00aX8= ops';

describe('user property keys', () => {
  it('accepts letters, digits and . - _ :', () => {
    expect(userKeyError('owner', [])).toBeUndefined();
    expect(userKeyError('team.backup-window_2:x', [])).toBeUndefined();
  });

  it('refuses empty keys, spaces, other characters and duplicates', () => {
    expect(userKeyError('', [])).toBe(USER_KEY_EMPTY);
    expect(userKeyError('my key', [])).toBe(USER_KEY_SPACES);
    expect(userKeyError('a/b', [])).toBe(USER_KEY_CHARACTERS);
    expect(userKeyError('owner', ['owner'])).toBe('A user property user.owner already exists');
    expect(userKeyExists('x')).toBe('A user property user.x already exists');
  });

  it('sends cloud-init data keys to the Cloud-init section', () => {
    expect(userKeyError('user-data', [])).toBe(userKeyReserved('user-data'));
  });

  it('map user.* keys to rows and back, leaving user.user-data aside', () => {
    const values = toFormValues({
      config: { 'user.owner': 'ops', 'user.user-data': '#cloud-config\n', 'image.os': 'x' },
    });
    expect(values.userProperties).toEqual([{ name: 'owner', value: 'ops' }]);
    expect(values.otherConfig).toEqual({ 'user.user-data': '#cloud-config\n', 'image.os': 'x' });
    values.userProperties = [
      { name: 'owner', value: 'dev' },
      { name: 'team', value: 'web' },
    ];
    expect(toConfig(values).config).toEqual({
      'user.owner': 'dev',
      'user.team': 'web',
      'user.user-data': '#cloud-config\n',
      'image.os': 'x',
    });
  });
});

describe('SSH public keys', () => {
  it('accepts OpenSSH public keys whose data names their type', () => {
    expect(sshKeyError(ED25519)).toBeUndefined();
    expect(sshKeyError(ECDSA)).toBeUndefined();
    expect(sshKeyError(ED25519.split(' ').slice(0, 2).join(' '))).toBeUndefined();
  });

  it('explains what is wrong with a key', () => {
    expect(sshKeyError('')).toBe(SSH_KEY_EMPTY);
    expect(sshKeyError('AAAAC3NzaC1lZDI1NTE5')).toBe(SSH_KEY_FORMAT);
    expect(sshKeyError('ssh-foo AAAA')).toBe(sshKeyType('ssh-foo'));
    expect(sshKeyError('ssh-ed25519 not*base64')).toBe(SSH_KEY_DATA);
    // An ECDSA blob labelled as ed25519.
    expect(sshKeyError(`ssh-ed25519 ${ECDSA.split(' ')[1] ?? ''}`)).toBe(SSH_KEY_DATA);
  });

  it('checks a new row field by field', () => {
    expect(sshKeyProblems({ name: 'laptop', user: 'root', key: ED25519 }, [])).toEqual({});
    expect(sshKeyProblems({ name: '', user: '', key: '' }, [])).toEqual({
      name: SSH_NAME_EMPTY,
      user: SSH_USER_INVALID,
      key: SSH_KEY_EMPTY,
    });
    expect(sshKeyProblems({ name: 'a b', user: 'ubuntu', key: ED25519 }, []).name).toBe(
      SSH_NAME_CHARACTERS,
    );
    expect(sshKeyProblems({ name: 'laptop', user: 'root', key: ED25519 }, ['laptop'])).toEqual({
      name: sshNameExists('laptop'),
    });
  });
});

describe('SSH keys on a server with cloud_init_ssh_keys', () => {
  it('are cloud-init.ssh-keys.<name> keys with <user>:<key> values', () => {
    const values = toFormValues({ config: {} });
    values.sshKeys = [{ name: 'laptop', user: 'root', key: ED25519 }];
    expect(toConfig(values).config).toEqual({ 'cloud-init.ssh-keys.laptop': `root:${ED25519}` });
  });

  it('are read back into rows (the key keeps its colons and spaces)', () => {
    const values = toFormValues({
      config: { 'cloud-init.ssh-keys.ci': `ubuntu:${ECDSA}`, 'user.owner': 'x' },
    });
    expect(values.sshKeys).toEqual([{ name: 'ci', user: 'ubuntu', key: ECDSA }]);
    expect(values.otherConfig).toEqual({});
    expect(toConfig(values).config['cloud-init.ssh-keys.ci']).toBe(`ubuntu:${ECDSA}`);
  });

  it('the mapping follows the server extensions', () => {
    expect(configMapping(['cloud_init', 'cloud_init_ssh_keys', 'instance_boot_mode'])).toEqual({
      legacyCloudInit: false,
      sshKeys: true,
      bootMode: true,
    });
    expect(configMapping([])).toEqual({ legacyCloudInit: true, sshKeys: false, bootMode: false });
  });
});

describe('SSH keys merged into user-data (no cloud_init_ssh_keys)', () => {
  it('makes a #cloud-config with the default user and the key for the user', () => {
    const result = mergeSshKey('', { name: 'laptop', user: 'root', key: ED25519 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text.startsWith('#cloud-config\n')).toBe(true);
    expect(parse(result.text)).toEqual({
      users: ['default', { name: 'root', ssh_authorized_keys: [ED25519] }],
    });
    expect(userDataSshKeys(result.text)).toEqual([{ name: 'laptop', user: 'root', key: ED25519 }]);
  });

  it('keeps what user-data has and adds to an existing user', () => {
    const userData = [
      '#cloud-config',
      '# my notes',
      'packages:',
      '  - htop',
      'users:',
      '  - name: ubuntu',
      '    ssh_authorized_keys:',
      `      - ${ECDSA}`,
      '',
    ].join('\n');
    const result = mergeSshKey(userData, { name: 'laptop', user: 'ubuntu', key: ED25519 });
    if (!result.ok) throw new Error(result.error);
    expect(result.text).toContain('# my notes');
    expect(parse(result.text)).toEqual({
      packages: ['htop'],
      users: [{ name: 'ubuntu', ssh_authorized_keys: [ECDSA, ED25519] }],
    });
    expect(userDataSshKeys(result.text).map((key) => key.key)).toEqual([ECDSA, ED25519]);
  });

  it('turns a user named by a string into a map', () => {
    const result = mergeSshKey('#cloud-config\nusers: [default, root]\n', {
      name: 'k',
      user: 'root',
      key: ED25519,
    });
    if (!result.ok) throw new Error(result.error);
    expect(parse(result.text)).toEqual({
      users: ['default', { name: 'root', ssh_authorized_keys: [ED25519] }],
    });
  });

  it('refuses user-data it cannot merge into', () => {
    const row = { name: 'k', user: 'root', key: ED25519 };
    expect(mergeSshKey('#!/bin/sh\necho hi\n', row)).toEqual({
      ok: false,
      error: USER_DATA_NOT_CLOUD_CONFIG,
    });
    expect(mergeSshKey('#cloud-config\nusers: 3\n', row)).toEqual({
      ok: false,
      error: USER_DATA_USERS_INVALID,
    });
  });

  it('removes one key and leaves the rest', () => {
    const first = mergeSshKey('', { name: 'a', user: 'root', key: ED25519 });
    if (!first.ok) throw new Error(first.error);
    const second = mergeSshKey(first.text, { name: 'b', user: 'root', key: ECDSA });
    if (!second.ok) throw new Error(second.error);
    const removed = removeUserDataSshKey(second.text, 'root', ED25519);
    expect(userDataSshKeys(removed)).toEqual([{ name: 'b', user: 'root', key: ECDSA }]);
    expect(
      toConfig({ ...toFormValues({}), config: { cloudInitUserData: removed } }).config,
    ).toEqual({ 'cloud-init.user-data': removed });
  });
});

describe('boot.mode', () => {
  const keys = (section: 'boot' | 'security', ...args: Parameters<typeof sectionFields>[1][]) =>
    sectionFields(section, args[0], { bootMode: true }).map((field) => field.key);

  it('is offered for VMs on servers with instance_boot_mode, replacing secure boot and CSM', () => {
    expect(keys('boot', 'virtual-machine')).toContain('boot.mode');
    expect(keys('security', 'virtual-machine')).not.toContain('security.secureboot');
    expect(keys('security', 'virtual-machine')).not.toContain('security.csm');
  });

  it('is not offered for containers', () => {
    expect(keys('boot', 'container')).not.toContain('boot.mode');
  });

  it('servers without it keep security.secureboot and security.csm', () => {
    const boot = sectionFields('boot', 'virtual-machine', {}).map((field) => field.key);
    const security = sectionFields('security', 'virtual-machine').map((field) => field.key);
    expect(boot).not.toContain('boot.mode');
    expect(security).toEqual(expect.arrayContaining(['security.secureboot', 'security.csm']));
  });

  it('is written as boot.mode', () => {
    const values = toFormValues({ config: { 'boot.mode': 'bios' } });
    expect(values.config.bootMode).toBe('bios');
    values.config.bootMode = 'uefi-nosecureboot';
    expect(toConfig(values).config).toEqual({ 'boot.mode': 'uefi-nosecureboot' });
  });
});
