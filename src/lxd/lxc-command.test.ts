import { describe, expect, it } from 'vitest';
import { BINARY_BODY } from './changes';
import { equivalentCommand, queryCommand, restCall, shellQuote } from './lxc-command';

const change = (method: string, path: string, body?: unknown, remote: string | null = null) => ({
  method,
  path,
  body,
  remote,
});

describe('equivalentCommand', () => {
  it('maps the state changes to their own commands', () => {
    const state = (body: unknown, project = 'default') =>
      equivalentCommand(change('PUT', `/1.0/instances/web/state?project=${project}`, body));
    expect(state({ action: 'start', timeout: -1, force: false })).toBe('lxc start web');
    expect(state({ action: 'stop', timeout: 30, force: false })).toBe('lxc stop web --timeout 30');
    expect(state({ action: 'stop', timeout: -1, force: true })).toBe('lxc stop web --force');
    expect(state({ action: 'restart', timeout: -1, force: true })).toBe('lxc restart web --force');
    expect(state({ action: 'freeze', timeout: -1, force: false })).toBe('lxc pause web');
    expect(state({ action: 'unfreeze', timeout: -1, force: false })).toBe('lxc start web');
    expect(state({ action: 'stop', timeout: -1, force: false, stateful: true })).toBe(
      'lxc stop web --stateful',
    );
  });

  it('adds --project outside the default project, and the remote before the name', () => {
    expect(
      equivalentCommand(
        change('PUT', '/1.0/instances/web/state?project=dev', { action: 'start', force: false }),
      ),
    ).toBe('lxc start web --project dev');
    expect(
      equivalentCommand(
        change('PUT', '/1.0/instances/web/state?project=dev', { action: 'start' }, 'edge'),
      ),
    ).toBe('lxc start edge:web --project dev');
    expect(equivalentCommand(change('DELETE', '/1.0/instances/web'), 'incus')).toBe(
      'incus delete web',
    );
  });

  it('maps delete, snapshot, rename and restore', () => {
    expect(equivalentCommand(change('DELETE', '/1.0/instances/web?project=default'))).toBe(
      'lxc delete web',
    );
    expect(
      equivalentCommand(
        change('POST', '/1.0/instances/web/snapshots?project=p', {
          name: 'snap0',
          stateful: false,
        }),
      ),
    ).toBe('lxc snapshot web snap0 --project p');
    expect(equivalentCommand(change('DELETE', '/1.0/instances/web/snapshots/snap0'))).toBe(
      'lxc delete web/snap0',
    );
    expect(
      equivalentCommand(change('POST', '/1.0/instances/web/snapshots/snap0', { name: 'gold' })),
    ).toBe('lxc rename web/snap0 web/gold');
    expect(equivalentCommand(change('POST', '/1.0/instances/web', { name: 'www' }, 'r'))).toBe(
      'lxc rename r:web r:www',
    );
    expect(
      equivalentCommand(change('PUT', '/1.0/instances/web', { restore: 'snap0', stateful: false })),
    ).toBe('lxc restore web snap0');
    expect(equivalentCommand(change('DELETE', '/1.0/profiles/big?project=p'))).toBe(
      'lxc profile delete big --project p',
    );
    expect(equivalentCommand(change('POST', '/1.0/networks/br0', { name: 'br1' }))).toBe(
      'lxc network rename br0 br1',
    );
    expect(equivalentCommand(change('DELETE', '/1.0/storage-pools/fast'))).toBe(
      'lxc storage delete fast',
    );
    expect(
      equivalentCommand(change('DELETE', '/1.0/storage-pools/fast/volumes/custom/data?project=p')),
    ).toBe('lxc storage volume delete fast data --project p');
    expect(equivalentCommand(change('DELETE', '/1.0/images/abc123'))).toBe(
      'lxc image delete abc123',
    );
  });

  it('a PATCH of config keys alone is lxc config set (profile set, network set, …)', () => {
    expect(
      equivalentCommand(
        change('PATCH', '/1.0/instances/web?project=dev', {
          config: { 'limits.cpu': '2', 'user.tags': 'web,db', 'user.note': 'two words' },
        }),
      ),
    ).toBe("lxc config set web limits.cpu=2 user.tags=web,db 'user.note=two words' --project dev");
    expect(
      equivalentCommand(change('PATCH', '/1.0/profiles/base', { config: { 'limits.memory': '' } })),
    ).toBe('lxc profile set base limits.memory=');
    expect(
      equivalentCommand(change('PATCH', '/1.0/networks/br0', { config: { 'ipv4.nat': 'true' } })),
    ).toBe('lxc network set br0 ipv4.nat=true');
  });

  it('falls back to lxc query for anything else, with the project in the path', () => {
    expect(
      equivalentCommand(
        change('PATCH', '/1.0/instances/web?project=dev', {
          config: { 'limits.cpu': '2' },
          devices: { eth1: { type: 'nic', network: 'br0' } },
        }),
      ),
    ).toBe(
      `lxc query --wait -X PATCH --data '{"config":{"limits.cpu":"2"},"devices":{"eth1":{"type":"nic","network":"br0"}}}' '/1.0/instances/web?project=dev'`,
    );
    // A snapshot with its own expiry has no plain `lxc snapshot` form.
    expect(
      equivalentCommand(
        change('POST', '/1.0/instances/web/snapshots', {
          name: 's',
          expires_at: '2030-01-01T00:00:00Z',
        }),
      ),
    ).toBe(
      `lxc query --wait -X POST --data '{"name":"s","expires_at":"2030-01-01T00:00:00Z"}' /1.0/instances/web/snapshots`,
    );
    // `lxc pause` has no --force: a forced freeze is sent as it is.
    expect(
      equivalentCommand(
        change('PUT', '/1.0/instances/web/state', { action: 'freeze', force: true }),
      ),
    ).toBe(
      `lxc query --wait -X PUT --data '{"action":"freeze","force":true}' /1.0/instances/web/state`,
    );
    expect(equivalentCommand(change('DELETE', '/1.0/instances/web?project=p&target=m1'))).toBe(
      `lxc query --wait -X DELETE '/1.0/instances/web?project=p&target=m1'`,
    );
    expect(equivalentCommand(change('POST', '/1.0/profiles', { name: 'x' }, 'edge'))).toBe(
      `lxc query --wait -X POST --data '{"name":"x"}' edge:/1.0/profiles`,
    );
  });

  it('quotes what the shell would read otherwise', () => {
    expect(shellQuote('web')).toBe('web');
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    expect(queryCommand(change('PUT', '/1.0/instances/web', { description: "Bob's" }))).toBe(
      `lxc query --wait -X PUT --data '{"description":"Bob'\\''s"}' /1.0/instances/web`,
    );
    expect(queryCommand(change('POST', '/1.0/images', BINARY_BODY))).toBe(
      'lxc query --wait -X POST /1.0/images',
    );
  });
});

describe('restCall', () => {
  it('is the method, the path and the body as indented JSON', () => {
    expect(
      restCall(change('PUT', '/1.0/instances/web/state?project=default', { action: 'start' })),
    ).toBe('PUT /1.0/instances/web/state?project=default\n\n{\n  "action": "start"\n}');
    expect(restCall(change('DELETE', '/1.0/instances/web'))).toBe('DELETE /1.0/instances/web');
  });
});
