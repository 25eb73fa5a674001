import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changeIdentityGroups,
  changeIdpGroupGroups,
  createGroup,
  createIdpGroup,
  createTlsIdentityToken,
  deleteGroup,
  deleteIdentity,
  deleteIdpGroup,
  encodeTrustToken,
  fetchEntityTypes,
  fetchGroup,
  fetchGroups,
  fetchIdentities,
  fetchIdentity,
  fetchIdpGroups,
  fetchPermissionChoices,
  renameGroup,
  renameIdpGroup,
  updateGroup,
  updateIdentity,
  updateIdpGroup,
} from './auth';

/** One request as the server saw it. */
interface Seen {
  request: string;
  body: unknown;
  ifMatch: string | null;
}

/** An answer with a status other than 200 or an ETag. */
class Reply {
  constructor(
    readonly status: number,
    readonly metadata: unknown,
    readonly etag?: string,
  ) {}
}

/**
 * Answers requests by "METHOD url" (a missing one is a 404) and records what was sent. An answer
 * is the envelope's metadata, or a Reply.
 */
function serve(routes: Record<string, unknown>) {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request = `${init?.method ?? 'GET'} ${url}`;
    const raw = init?.body;
    seen.push({
      request,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined,
      ifMatch: new Headers(init?.headers).get('If-Match'),
    });
    const answer = routes[request];
    if (answer === undefined) {
      return Promise.resolve(
        Response.json({ type: 'error', error: 'not found', error_code: 404 }, { status: 404 }),
      );
    }
    const { status, metadata, etag } = answer instanceof Reply ? answer : new Reply(200, answer);
    const headers: Record<string, string> = etag ? { ETag: etag } : {};
    return Promise.resolve(Response.json({ type: 'sync', metadata }, { status, headers }));
  });
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const alice = {
  id: 'c9f1a2',
  name: 'alice',
  authentication_method: 'tls',
  type: 'Client certificate',
  groups: ['viewers'],
  tls_certificate: '-----BEGIN CERTIFICATE-----\n…',
};

describe('identity calls', () => {
  it('lists with recursion=1, with entitlements when asked', async () => {
    const seen = serve({
      'GET /1.0/auth/identities?recursion=1': [alice],
      'GET /1.0/auth/identities?recursion=1&with-access-entitlements=can_edit%2Ccan_delete': null,
    });
    await expect(fetchIdentities()).resolves.toEqual([alice]);
    await expect(fetchIdentities({ entitlements: 'can_edit,can_delete' })).resolves.toEqual([]);
    expect(seen.map((s) => s.request)).toEqual([
      'GET /1.0/auth/identities?recursion=1',
      'GET /1.0/auth/identities?recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    ]);
  });

  it('reads one identity with its ETag; the id is one path segment', async () => {
    serve({
      'GET /1.0/auth/identities/oidc/auth0%7Cjane%40example.com?recursion=1': new Reply(
        200,
        alice,
        '"e1"',
      ),
    });
    await expect(fetchIdentity('oidc', 'auth0|jane@example.com')).resolves.toEqual({
      ...alice,
      etag: '"e1"',
    });
  });

  it('puts the groups only, with If-Match', async () => {
    const seen = serve({ 'PUT /1.0/auth/identities/tls/c9f1a2': {} });
    await updateIdentity('tls', 'c9f1a2', { groups: ['a', 'b'] }, '"e1"');
    expect(seen[0]).toEqual({
      request: 'PUT /1.0/auth/identities/tls/c9f1a2',
      body: { groups: ['a', 'b'] },
      ifMatch: '"e1"',
    });
  });

  it('changes groups from what the server has now', async () => {
    const seen = serve({
      'GET /1.0/auth/identities/tls/c9f1a2?recursion=1': new Reply(200, alice, '"e2"'),
      'PUT /1.0/auth/identities/tls/c9f1a2': {},
    });
    await changeIdentityGroups('tls', 'c9f1a2', (groups) => [...groups, 'ops']);
    expect(seen[1]).toEqual({
      request: 'PUT /1.0/auth/identities/tls/c9f1a2',
      body: { groups: ['viewers', 'ops'] },
      ifMatch: '"e2"',
    });
  });

  it('deletes by authentication method and id', async () => {
    const seen = serve({ 'DELETE /1.0/auth/identities/oidc/jane%40example.com': {} });
    await deleteIdentity('oidc', 'jane@example.com');
    expect(seen.map((s) => s.request)).toEqual([
      'DELETE /1.0/auth/identities/oidc/jane%40example.com',
    ]);
  });

  it('creates a pending TLS identity and encodes the token LXD answers', async () => {
    const answer = {
      client_name: 'laptop',
      fingerprint: 'ab12',
      addresses: ['10.0.0.1:8443'],
      secret: 's3cr3t',
      expires_at: '2030-01-01T00:00:00Z',
      type: 'Client certificate',
    };
    const seen = serve({ 'POST /1.0/auth/identities/tls': new Reply(201, answer) });
    const created = await createTlsIdentityToken('laptop', ['viewers']);
    expect(seen[0]?.body).toEqual({ name: 'laptop', groups: ['viewers'], token: true });
    expect(created.expiresAt).toBe('2030-01-01T00:00:00Z');
    expect(JSON.parse(atob(created.token))).toEqual(answer);
    expect(atob(created.token)).toBe(
      '{"client_name":"laptop","fingerprint":"ab12","addresses":["10.0.0.1:8443"],"secret":"s3cr3t","expires_at":"2030-01-01T00:00:00Z","type":"Client certificate"}',
    );
  });

  it('takes a ready token as it is, and refuses an answer without one', () => {
    expect(encodeTrustToken('abc')).toBe('abc');
    expect(encodeTrustToken({ token: 'xyz' })).toBe('xyz');
    expect(() => encodeTrustToken(null)).toThrow('The server did not return a token');
    expect(() => encodeTrustToken({})).toThrow('The server did not return a token');
    // Non-ASCII names survive (UTF-8 before base64).
    const token = encodeTrustToken({ client_name: 'zoë', secret: 's', addresses: [] });
    const bytes = Uint8Array.from(atob(token), (c) => c.charCodeAt(0));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ client_name: 'zoë' });
  });
});

describe('group calls', () => {
  const group = {
    name: 'viewers',
    description: 'Read only',
    permissions: [{ entity_type: 'server', url: '/1.0', entitlement: 'viewer' }],
    identities: { tls: ['c9f1a2'] },
    identity_provider_groups: [],
  };

  it('lists, reads with the ETag, creates, updates, renames and deletes', async () => {
    const seen = serve({
      'GET /1.0/auth/groups?recursion=1&with-access-entitlements=can_edit': [group],
      'GET /1.0/auth/groups/my%20group': new Reply(200, group, '"g1"'),
      'POST /1.0/auth/groups': {},
      'PUT /1.0/auth/groups/viewers': {},
      'POST /1.0/auth/groups/viewers': {},
      'DELETE /1.0/auth/groups/readers': {},
    });
    await expect(fetchGroups({ entitlements: 'can_edit' })).resolves.toEqual([group]);
    await expect(fetchGroup('my group')).resolves.toEqual({ ...group, etag: '"g1"' });
    await createGroup({ name: 'viewers', description: 'Read only', permissions: [] });
    await updateGroup('viewers', { description: 'd', permissions: group.permissions }, '"g1"');
    await renameGroup('viewers', 'readers');
    await deleteGroup('readers');
    expect(seen.map((s) => s.request)).toEqual([
      'GET /1.0/auth/groups?recursion=1&with-access-entitlements=can_edit',
      'GET /1.0/auth/groups/my%20group',
      'POST /1.0/auth/groups',
      'PUT /1.0/auth/groups/viewers',
      'POST /1.0/auth/groups/viewers',
      'DELETE /1.0/auth/groups/readers',
    ]);
    expect(seen[2]?.body).toEqual({ name: 'viewers', description: 'Read only', permissions: [] });
    expect(seen[3]?.body).toEqual({ description: 'd', permissions: group.permissions });
    expect(seen[3]?.ifMatch).toBe('"g1"');
    expect(seen[4]?.body).toEqual({ name: 'readers' });
  });

  it('lists nothing when LXD answers null', async () => {
    serve({ 'GET /1.0/auth/groups?recursion=1': null });
    await expect(fetchGroups()).resolves.toEqual([]);
  });

  it('a 412 answer reaches the caller with its status', async () => {
    serve({ 'PUT /1.0/auth/groups/viewers': new Reply(412, null) });
    await expect(
      updateGroup('viewers', { description: '', permissions: [] }, '"x"'),
    ).rejects.toMatchObject({
      status: 412,
    });
  });
});

describe('identity-provider group calls', () => {
  it('lists, creates, updates with If-Match, renames and deletes', async () => {
    const sales = { name: 'sales', groups: ['viewers'] };
    const seen = serve({
      'GET /1.0/auth/identity-provider-groups?recursion=1': [sales],
      'POST /1.0/auth/identity-provider-groups': {},
      'PUT /1.0/auth/identity-provider-groups/sales': {},
      'POST /1.0/auth/identity-provider-groups/sales': {},
      'DELETE /1.0/auth/identity-provider-groups/ops%2Fteam': {},
    });
    await expect(fetchIdpGroups()).resolves.toEqual([sales]);
    await createIdpGroup({ name: 'sales', groups: ['viewers'] });
    await updateIdpGroup('sales', ['viewers', 'ops'], '"i1"');
    await renameIdpGroup('sales', 'marketing');
    await deleteIdpGroup('ops/team');
    expect(seen.map((s) => [s.request, s.body, s.ifMatch])).toEqual([
      ['GET /1.0/auth/identity-provider-groups?recursion=1', undefined, null],
      ['POST /1.0/auth/identity-provider-groups', { name: 'sales', groups: ['viewers'] }, null],
      ['PUT /1.0/auth/identity-provider-groups/sales', { groups: ['viewers', 'ops'] }, '"i1"'],
      ['POST /1.0/auth/identity-provider-groups/sales', { name: 'marketing' }, null],
      ['DELETE /1.0/auth/identity-provider-groups/ops%2Fteam', undefined, null],
    ]);
  });

  it('changes the mapping from what the server has now', async () => {
    const seen = serve({
      'GET /1.0/auth/identity-provider-groups/sales': new Reply(
        200,
        { name: 'sales', groups: null },
        '"i2"',
      ),
      'PUT /1.0/auth/identity-provider-groups/sales': {},
    });
    await changeIdpGroupGroups('sales', (groups) => [...groups, 'viewers']);
    expect(seen[1]).toMatchObject({ body: { groups: ['viewers'] }, ifMatch: '"i2"' });
  });
});

describe('permission choices', () => {
  it('asks by entity type, in a project when given', async () => {
    const row = {
      entity_type: 'instance',
      url: '/1.0/instances/c1?project=p',
      entitlement: 'can_view',
    };
    const seen = serve({
      'GET /1.0/auth/permissions?entity-type=instance&project=p': [row],
      'GET /1.0/auth/permissions?entity-type=server': null,
    });
    await expect(fetchPermissionChoices('instance', 'p')).resolves.toEqual([row]);
    await expect(fetchPermissionChoices('server', undefined)).resolves.toEqual([]);
    expect(seen).toHaveLength(2);
  });

  it('reads entity types from the configuration metadata', async () => {
    const entities = {
      instance: { project_specific: true, entitlements: [{ name: 'can_view', description: 'x' }] },
    };
    serve({ 'GET /1.0/metadata/configuration': { configs: {}, entities } });
    await expect(fetchEntityTypes()).resolves.toEqual(entities);
  });
});
