/**
 * An in-memory stand-in for LXD's access-management API (/1.0/auth/..., shaped as the LXD 6
 * reference: Identity, IdentityInfo, AuthGroup, IdentityProviderGroup, Permission,
 * CertificateAddToken), for page tests and for the end-to-end tests that run against an LXD
 * without it (5.0). It keeps state, so creates and edits show in later reads, checks If-Match
 * (412), and refuses what LXD refuses (501 for identities whose access is not from groups).
 * Callers wrap the answers in LXD's envelope.
 */
import type { LxdAuthGroup, LxdIdpGroup, LxdPermission } from '../types/auth';
import type { LxdIdentity } from '../types/identity';

export interface FakeAuthRequest {
  method: string;
  /** Path and query, e.g. `/1.0/auth/groups?recursion=1`. */
  url: string;
  body: unknown;
  ifMatch: string | null;
}

export interface FakeAuthAnswer {
  status: number;
  metadata?: unknown;
  error?: string;
  etag?: string;
}

export interface FakeAuthGroup {
  name: string;
  description: string;
  permissions: LxdPermission[];
}

/** Identity types whose groups LXD manages (lxd/identity: IsFineGrained). */
const FINE_GRAINED = [
  'Client certificate',
  'Client certificate (pending)',
  'Cluster link certificate',
  'Cluster link certificate (pending)',
  'OIDC client',
  'Client token bearer',
  'DevLXD token bearer',
];

/** A short stable hash of a value, as an ETag. */
function etagOf(value: unknown): string {
  let hash = 5381;
  for (const char of JSON.stringify(value)) hash = ((hash * 33) ^ char.charCodeAt(0)) >>> 0;
  return `"${hash.toString(16)}"`;
}

const ok = (metadata: unknown = {}, etag?: string): FakeAuthAnswer =>
  etag ? { status: 200, metadata, etag } : { status: 200, metadata };
const fail = (status: number, error: string): FakeAuthAnswer => ({ status, error });

export class FakeAuthServer {
  identities: LxdIdentity[] = [];
  groups: FakeAuthGroup[] = [];
  idpGroups: { name: string; groups: string[] }[] = [];
  /** Every entity × entitlement pair GET /1.0/auth/permissions can answer. */
  choices: LxdPermission[] = [];
  /** The signed-in identity (GET /1.0/auth/identities/current). */
  current: (LxdIdentity & { fine_grained: boolean }) | undefined;
  /** What `with-access-entitlements` grants on an entity; everything asked by default. */
  grant: (entityType: string, name: string, asked: string[]) => string[] = (_t, _n, asked) => asked;
  /** Addresses put in new TLS tokens. */
  addresses = ['10.0.0.1:8443'];

  constructor(
    seed: Partial<
      Pick<FakeAuthServer, 'identities' | 'groups' | 'idpGroups' | 'choices' | 'current'>
    > = {},
  ) {
    Object.assign(this, structuredClone(seed));
  }

  group(name: string): LxdAuthGroup | undefined {
    const group = this.groups.find((candidate) => candidate.name === name);
    if (!group) return undefined;
    const identities: Record<string, string[]> = {};
    for (const identity of this.identities) {
      if (!identity.groups?.includes(name)) continue;
      (identities[identity.authentication_method] ??= []).push(identity.id);
    }
    return {
      ...structuredClone(group),
      identities,
      identity_provider_groups: this.idpGroups
        .filter((idp) => idp.groups.includes(name))
        .map((idp) => idp.name),
    };
  }

  /** Answers a request under /1.0/auth, or undefined for any other path. */
  handle(request: FakeAuthRequest): FakeAuthAnswer | undefined {
    const url = new URL(request.url, 'http://lxd');
    if (!url.pathname.startsWith('/1.0/auth/')) return undefined;
    const parts = url.pathname.slice('/1.0/auth/'.length).split('/').map(decodeURIComponent);
    const asked = url.searchParams.get('with-access-entitlements')?.split(',') ?? [];
    const [collection, ...rest] = parts;
    if (collection === 'identities') return this.identitiesCall(request, rest, asked);
    if (collection === 'groups') return this.groupsCall(request, rest, asked);
    if (collection === 'identity-provider-groups') return this.idpCall(request, rest, asked);
    if (collection === 'permissions') return ok(this.permissionChoices(url));
    return fail(404, 'not found');
  }

  private withEntitlements<T extends object>(
    entityType: string,
    name: string,
    object: T,
    asked: string[],
  ) {
    return asked.length > 0
      ? { ...object, access_entitlements: this.grant(entityType, name, asked) }
      : object;
  }

  private identitiesCall(request: FakeAuthRequest, rest: string[], asked: string[]) {
    const [method, id] = rest;
    if (method === undefined || method === '') {
      return ok(
        this.identities.map((identity) =>
          this.withEntitlements('identity', identity.id, identity, asked),
        ),
      );
    }
    if (method === 'current') {
      return this.current ? ok(this.current) : fail(403, 'Forbidden');
    }
    if (method === 'tls' && id === undefined && request.method === 'POST') {
      return this.createTls(request.body as { name: string; groups?: string[]; token?: boolean });
    }
    const index = this.identities.findIndex(
      (identity) =>
        identity.authentication_method === method && (identity.id === id || identity.name === id),
    );
    const identity = this.identities[index];
    if (!identity) return fail(404, 'Identity not found');
    const etag = etagOf({ groups: identity.groups ?? [], cert: identity.tls_certificate ?? '' });
    if (request.method === 'GET') return ok(identity, etag);
    const fineGrained = FINE_GRAINED.includes(identity.type ?? '');
    if (request.method === 'PUT') {
      if (!fineGrained) {
        return fail(
          501,
          `Identities of type "${identity.type ?? ''}" cannot be modified via this API`,
        );
      }
      if (request.ifMatch && request.ifMatch !== etag) return fail(412, "ETag doesn't match");
      const groups = (request.body as { groups?: string[] }).groups ?? [];
      const unknown = groups.find((group) => !this.groups.some((g) => g.name === group));
      if (unknown) return fail(400, `Failed to find group "${unknown}"`);
      this.identities[index] = { ...identity, groups };
      return ok();
    }
    if (request.method === 'DELETE') {
      if (!fineGrained && identity.type !== 'Initial UI token bearer') {
        return fail(
          501,
          `Identities of type "${identity.type ?? ''}" cannot be modified via this API`,
        );
      }
      this.identities.splice(index, 1);
      return ok();
    }
    return fail(405, 'Method not allowed');
  }

  private createTls(body: { name: string; groups?: string[]; token?: boolean }) {
    if (!body.token) return fail(400, 'Must provide a certificate');
    if (
      this.identities.some(
        (identity) => identity.name === body.name && identity.authentication_method === 'tls',
      )
    ) {
      return fail(409, `An identity with name "${body.name}" already exists`);
    }
    const id = `${(this.identities.length + 1).toString(16).padStart(8, '0')}-4a1b-4c2d-8e3f-000000000001`;
    this.identities.push({
      id,
      name: body.name,
      authentication_method: 'tls',
      type: 'Client certificate (pending)',
      groups: body.groups ?? [],
    });
    return {
      status: 201,
      metadata: {
        client_name: body.name,
        fingerprint: 'f0c9a7e3b8d24c1e9a6b5d4c3b2a19087f6e5d4c3b2a1908f7e6d5c4b3a29181',
        addresses: this.addresses,
        secret: `secret-${id.slice(0, 8)}`,
        expires_at: '2030-01-01T00:00:00Z',
        type: 'Client certificate',
      },
    };
  }

  private groupsCall(request: FakeAuthRequest, rest: string[], asked: string[]) {
    const [name] = rest;
    const body = request.body as Partial<FakeAuthGroup>;
    if (name === undefined) {
      if (request.method === 'POST') {
        if (this.groups.some((group) => group.name === body.name)) {
          return fail(409, 'Group already exists');
        }
        this.groups.push({
          name: body.name ?? '',
          description: body.description ?? '',
          permissions: body.permissions ?? [],
        });
        return ok();
      }
      return ok(
        this.groups.map((group) =>
          this.withEntitlements('group', group.name, this.group(group.name) ?? group, asked),
        ),
      );
    }
    const index = this.groups.findIndex((group) => group.name === name);
    const group = this.group(name);
    if (!group || index < 0) return fail(404, 'Group not found');
    const etag = etagOf(group);
    if (request.method === 'GET') return ok(group, etag);
    if (request.method === 'PUT') {
      if (request.ifMatch && request.ifMatch !== etag) return fail(412, "ETag doesn't match");
      this.groups[index] = {
        name,
        description: body.description ?? '',
        permissions: body.permissions ?? [],
      };
      return ok();
    }
    if (request.method === 'POST') {
      const newName = body.name ?? '';
      this.groups[index] = { ...(this.groups[index] as FakeAuthGroup), name: newName };
      const rename = (groups: string[] | null | undefined) =>
        (groups ?? []).map((g) => (g === name ? newName : g));
      this.identities = this.identities.map((identity) => ({
        ...identity,
        groups: rename(identity.groups),
      }));
      this.idpGroups = this.idpGroups.map((idp) => ({ ...idp, groups: rename(idp.groups) }));
      return ok();
    }
    if (request.method === 'DELETE') {
      this.groups.splice(index, 1);
      const drop = (groups: string[] | null | undefined) =>
        (groups ?? []).filter((g) => g !== name);
      this.identities = this.identities.map((identity) => ({
        ...identity,
        groups: drop(identity.groups),
      }));
      this.idpGroups = this.idpGroups.map((idp) => ({ ...idp, groups: drop(idp.groups) }));
      return ok();
    }
    return fail(405, 'Method not allowed');
  }

  private idpCall(request: FakeAuthRequest, rest: string[], asked: string[]) {
    const [name] = rest;
    const body = request.body as Partial<LxdIdpGroup>;
    if (name === undefined) {
      if (request.method === 'POST') {
        if (this.idpGroups.some((idp) => idp.name === body.name)) {
          return fail(409, 'Identity provider group already exists');
        }
        this.idpGroups.push({ name: body.name ?? '', groups: body.groups ?? [] });
        return ok();
      }
      return ok(
        this.idpGroups.map((idp) =>
          this.withEntitlements('identity_provider_group', idp.name, idp, asked),
        ),
      );
    }
    const index = this.idpGroups.findIndex((idp) => idp.name === name);
    const idp = this.idpGroups[index];
    if (!idp) return fail(404, 'Identity provider group not found');
    const etag = etagOf(idp);
    if (request.method === 'GET') return ok(idp, etag);
    if (request.method === 'PUT') {
      if (request.ifMatch && request.ifMatch !== etag) return fail(412, "ETag doesn't match");
      this.idpGroups[index] = { name, groups: body.groups ?? [] };
      return ok();
    }
    if (request.method === 'POST') {
      this.idpGroups[index] = { ...idp, name: body.name ?? '' };
      return ok();
    }
    if (request.method === 'DELETE') {
      this.idpGroups.splice(index, 1);
      return ok();
    }
    return fail(405, 'Method not allowed');
  }

  private permissionChoices(url: URL): LxdPermission[] {
    const type = url.searchParams.get('entity-type');
    const project = url.searchParams.get('project');
    return this.choices.filter((choice) => {
      if (type && choice.entity_type !== type) return false;
      if (!project) return true;
      const entityProject = new URL(choice.url, 'http://lxd').searchParams.get('project');
      return entityProject === null || entityProject === project;
    });
  }
}
