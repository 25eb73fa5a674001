import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventWebSocket } from '../events';
import type { LxdCertificate } from '../types/certificate';
import {
  certificatePut,
  certificateToken,
  createCertificateToken,
  deleteCertificate,
  fetchCertificate,
  fetchCertificates,
  fetchPendingTokens,
  pendingTokens,
  probeOwnFingerprint,
  revokePendingToken,
  updateCertificate,
} from './certificates';

interface Sent {
  url: string;
  method: string;
  body: unknown;
  ifMatch: string | null;
}

/** LXD over `fetch`: `reply` answers each request with [status, envelope, etag?]. */
function stubLxd(reply: (sent: Sent) => [number, object, string?]): Sent[] {
  const log: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const sent: Sent = {
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        ifMatch: new Headers(init.headers).get('If-Match'),
      };
      log.push(sent);
      const [status, envelope, etag] = reply(sent);
      const headers: Record<string, string> = etag ? { ETag: etag } : {};
      return Promise.resolve(new Response(JSON.stringify(envelope), { status, headers }));
    }),
  );
  return log;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ok = (metadata: unknown): [number, object] => [200, { type: 'sync', metadata }];

const limited: LxdCertificate = {
  name: 'laptop',
  type: 'client',
  fingerprint: 'ab12cd34ef56'.padEnd(64, '0'),
  certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  restricted: true,
  projects: ['team'],
};

/** What LXD 5.0.2 answered to POST /1.0/certificates {token: true} (measured). */
const tokenOperation = {
  id: '7b7ce1fa-7067-4cd4-8cd8-7667cb4fcbb5',
  class: 'token',
  description: 'Executing operation',
  created_at: '2026-11-24T21:07:16.12316606Z',
  updated_at: '2026-11-24T21:07:16.12316606Z',
  status: 'Running',
  status_code: 103,
  resources: null,
  metadata: {
    addresses: ['127.0.0.1:18443'],
    fingerprint: '9e49910f3a14fd4f67c4ef143774d7887f1ae473dbf1faf2fd6fa1d06c617f74',
    request: {
      name: 'probe-tok',
      type: 'client',
      restricted: true,
      projects: ['default'],
      certificate: '',
      password: '',
      token: true,
    },
    secret: '455ade8f127580848ded1e62f3053c03fc472dad2acaf5cf99a95cae4cbfc00b',
  },
  may_cancel: true,
  err: '',
  location: 'none',
};

const decode = (token: string) => JSON.parse(atob(token)) as Record<string, unknown>;

describe('certificate calls', () => {
  it('lists with recursion=1 (an empty store answers null)', async () => {
    const sent = stubLxd(() => ok([limited]));
    await expect(fetchCertificates()).resolves.toEqual([limited]);
    stubLxd(() => ok(null));
    await expect(fetchCertificates()).resolves.toEqual([]);
    expect(sent.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /1.0/certificates?recursion=1',
    ]);
  });

  it('reads one certificate with its ETag', async () => {
    const sent = stubLxd(() => [...ok(limited), '"e1"']);
    await expect(fetchCertificate(limited.fingerprint)).resolves.toEqual({
      ...limited,
      etag: '"e1"',
    });
    expect(sent[0]?.url).toBe(`/1.0/certificates/${limited.fingerprint}`);
  });

  it('puts every writable field with If-Match, and none when the ETag is unknown', async () => {
    const sent = stubLxd(() => ok({}));
    const body = certificatePut(limited, { name: 'desk', restricted: true, projects: ['a', 'b'] });
    await updateCertificate(limited.fingerprint, body, '"e1"');
    await updateCertificate(limited.fingerprint, body, undefined);
    expect(sent[0]).toEqual({
      url: `/1.0/certificates/${limited.fingerprint}`,
      method: 'PUT',
      body: {
        name: 'desk',
        type: 'client',
        restricted: true,
        projects: ['a', 'b'],
        certificate: limited.certificate,
      },
      ifMatch: '"e1"',
    });
    expect(sent[1]?.ifMatch).toBeNull();
  });

  it('keeps unchanged fields, null projects as [] and an Incus description', () => {
    expect(certificatePut({ ...limited, projects: null })).toEqual({
      name: 'laptop',
      type: 'client',
      restricted: true,
      projects: [],
      certificate: limited.certificate,
    });
    expect(certificatePut({ ...limited, description: 'Ops laptop' }).description).toBe(
      'Ops laptop',
    );
  });

  it('a 412 answer reaches the caller as the conflict it is', async () => {
    stubLxd(() => [412, { type: 'error', error: "ETag doesn't match", error_code: 412 }]);
    await expect(
      updateCertificate(limited.fingerprint, certificatePut(limited), '"old"'),
    ).rejects.toMatchObject({ status: 412, message: "ETag doesn't match" });
  });

  it('revokes with DELETE', async () => {
    const sent = stubLxd(() => ok({}));
    await deleteCertificate(limited.fingerprint);
    expect(sent[0]).toMatchObject({
      method: 'DELETE',
      url: `/1.0/certificates/${limited.fingerprint}`,
    });
  });
});

describe('trust tokens', () => {
  it('posts {name, type: client, token: true, restricted, projects} and builds the token', async () => {
    const sent = stubLxd(() => [
      202,
      {
        type: 'async',
        operation: `/1.0/operations/${tokenOperation.id}`,
        metadata: tokenOperation,
      },
    ]);
    const created = await createCertificateToken({
      name: 'probe-tok',
      restricted: true,
      projects: ['default'],
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/1.0/certificates',
      body: {
        name: 'probe-tok',
        type: 'client',
        token: true,
        restricted: true,
        projects: ['default'],
      },
    });
    expect(created.operationId).toBe(tokenOperation.id);
    expect(created.expiresAt).toBeUndefined();
    // Byte for byte what `lxc config trust add` prints for this operation.
    expect(created.token).toBe(
      btoa(
        '{"client_name":"probe-tok","fingerprint":"9e49910f3a14fd4f67c4ef143774d7887f1ae473dbf1faf2fd6fa1d06c617f74",' +
          '"addresses":["127.0.0.1:18443"],"secret":"455ade8f127580848ded1e62f3053c03fc472dad2acaf5cf99a95cae4cbfc00b",' +
          '"expires_at":"0001-01-01T00:00:00Z"}',
      ),
    );
  });

  it('sends no projects for an unrestricted client', async () => {
    const sent = stubLxd(() => [202, { type: 'async', metadata: tokenOperation }]);
    await createCertificateToken({ name: 'x', restricted: false, projects: ['default'] });
    expect(sent[0]?.body).toEqual({
      name: 'x',
      type: 'client',
      token: true,
      restricted: false,
      projects: [],
    });
  });

  it('puts the expiry the server set into the token', () => {
    const expiresAt = '2026-11-24T22:07:24.454136598Z';
    const token = certificateToken({ ...tokenOperation.metadata, expiresAt });
    expect(decode(token).expires_at).toBe(expiresAt);
  });

  it('refuses an answer without a token', async () => {
    stubLxd(() => ok({ ...tokenOperation, metadata: {} }));
    await expect(
      createCertificateToken({ name: 'x', restricted: false, projects: [] }),
    ).rejects.toThrow('The server did not return a token');
  });

  it('lists running certificate tokens only (not cluster join tokens, not cancelled ones)', async () => {
    const joinToken = {
      ...tokenOperation,
      id: 'join',
      metadata: { serverName: 'm2', secret: 's', fingerprint: 'f', addresses: ['a'] },
    };
    const task = { ...tokenOperation, id: 'task', class: 'task' };
    const expiring = {
      ...tokenOperation,
      id: 'exp',
      metadata: { ...tokenOperation.metadata, expiresAt: '2026-11-24T22:07:24Z' },
    };
    const sent = stubLxd(() =>
      ok({
        running: [tokenOperation, joinToken, task, expiring],
        cancelled: [{ ...tokenOperation, id: 'gone', status: 'Cancelled' }],
      }),
    );
    await expect(fetchPendingTokens()).resolves.toEqual([
      {
        operationId: tokenOperation.id,
        name: 'probe-tok',
        restricted: true,
        projects: ['default'],
        createdAt: '2026-11-24T21:07:16.12316606Z',
        expiresAt: undefined,
      },
      {
        operationId: 'exp',
        name: 'probe-tok',
        restricted: true,
        projects: ['default'],
        createdAt: '2026-11-24T21:07:16.12316606Z',
        expiresAt: '2026-11-24T22:07:24Z',
      },
    ]);
    expect(sent[0]?.url).toBe('/1.0/operations?recursion=1');
    expect(pendingTokens(null)).toEqual([]);
  });

  it('revokes a pending token by deleting its operation', async () => {
    const sent = stubLxd(() => ok({}));
    await revokePendingToken(tokenOperation.id);
    expect(sent[0]).toMatchObject({
      method: 'DELETE',
      url: `/1.0/operations/${tokenOperation.id}`,
    });
  });
});

/** A WebSocket the test drives: `last` is the socket the code under test opened. */
class FakeSocket implements EventWebSocket {
  static last: FakeSocket | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {
    this.closed = true;
  }
  log(url: string, username: string, protocol = 'tls') {
    const event = {
      type: 'logging',
      metadata: {
        message: 'Handling API request',
        level: 'debug',
        context: { ip: '127.0.0.1:36640', method: 'GET', protocol, url, username },
      },
    };
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

describe("the caller's own certificate on a server without auth_user", () => {
  const origin = { protocol: 'https:', host: 'lxd.example:8443' };

  it('listens to logging events, makes one marked request and reads its log line', async () => {
    const sent = stubLxd(() => ok({}));
    const found = probeOwnFingerprint({ WebSocketImpl: FakeSocket, origin });
    const socket = FakeSocket.last;
    expect(socket?.url).toBe('wss://lxd.example:8443/1.0/events?type=logging');
    socket?.onopen?.({});
    await vi.waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    const marked = sent[0]?.url ?? '';
    expect(marked).toMatch(/^\/1\.0\?console-whoami-[a-z0-9]+=1$/);
    socket?.log('/1.0/instances', 'someone-else');
    socket?.log(marked, 'c5f7398118fe');
    await expect(found).resolves.toBe('c5f7398118fe');
    expect(socket?.closed).toBe(true);
  });

  it('gives up when logs are refused (restricted), over the unix socket, or after the timeout', async () => {
    stubLxd(() => ok({}));
    const refused = probeOwnFingerprint({ WebSocketImpl: FakeSocket, origin });
    FakeSocket.last?.onerror?.({});
    await expect(refused).resolves.toBeUndefined();

    const sent = stubLxd(() => ok({}));
    const unix = probeOwnFingerprint({ WebSocketImpl: FakeSocket, origin });
    FakeSocket.last?.onopen?.({});
    await vi.waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    FakeSocket.last?.log(sent[0]?.url ?? '', '0', 'unix');
    await expect(unix).resolves.toBeUndefined();

    vi.useFakeTimers();
    const silent = probeOwnFingerprint({ WebSocketImpl: FakeSocket, origin, timeoutMs: 5000 });
    vi.advanceTimersByTime(5000);
    await expect(silent).resolves.toBeUndefined();
    expect(FakeSocket.last?.closed).toBe(true);
  });
});
