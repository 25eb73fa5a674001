/**
 * An LXD API client for test setup and verification, speaking HTTPS with the admin client
 * certificate (Playwright's APIRequestContext), never through the console under test.
 */
import { request, type APIRequestContext } from '@playwright/test';
import { LXD_URL, certs } from './env';

interface Envelope<T> {
  type: 'sync' | 'async' | 'error';
  error?: string;
  operation?: string;
  metadata: T;
}

interface Operation {
  id: string;
  status: string;
  err: string;
  metadata: Record<string, unknown> | null;
}

export type Cert = keyof typeof certs;

export class LxdApi {
  protected constructor(protected readonly ctx: APIRequestContext) {}

  /** A client of another LXD (the real cluster) with the given client certificate. */
  static async openAt(url: string, certPath: string, keyPath: string): Promise<LxdApi> {
    const ctx = await request.newContext({
      baseURL: url,
      ignoreHTTPSErrors: true,
      clientCertificates: [{ origin: url, certPath, keyPath }],
    });
    return new LxdApi(ctx);
  }

  static async open(cert: Cert = 'admin'): Promise<LxdApi> {
    const ctx = await request.newContext({
      baseURL: LXD_URL,
      ignoreHTTPSErrors: true,
      clientCertificates: [
        { origin: LXD_URL, certPath: certs[cert].cert, keyPath: certs[cert].key },
      ],
    });
    return new LxdApi(ctx);
  }

  async dispose() {
    await this.ctx.dispose();
  }

  /** One call; returns the envelope, throws with LXD's error text on a non-2xx answer. */
  async call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const response = await this.ctx.fetch(path, {
      method,
      ...(body === undefined ? {} : { data: body }),
      headers: { 'Content-Type': 'application/json' },
    });
    const text = await response.text();
    const envelope = (text ? JSON.parse(text) : {}) as Envelope<T>;
    if (!response.ok()) {
      throw new Error(`${method} ${path}: ${response.status()} ${envelope.error ?? text}`);
    }
    return envelope;
  }

  /** The raw body of a GET (a backup export, a file); throws on a non-2xx answer. */
  async download(path: string): Promise<Buffer> {
    const response = await this.ctx.get(path);
    if (!response.ok())
      throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
    return response.body();
  }

  async get<T>(path: string): Promise<T> {
    return (await this.call<T>('GET', path)).metadata;
  }

  /** Runs a call and, when LXD answers with an operation, waits for it to end successfully. */
  async run<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const envelope = await this.call<T>(method, path, body);
    if (envelope.type !== 'async' || !envelope.operation) return envelope.metadata;
    // A cluster member that forwarded the call answers `/1.0/operations/<id>?project=<p>`.
    const operationPath = envelope.operation.split('?')[0] ?? envelope.operation;
    const waited = await this.ctx.get(`${operationPath}/wait?timeout=60`);
    // LXD forgets an operation 5 s after it ends: on a loaded machine the wait can come later
    // (seen once: 404 "Operation not found"). It has ended then; what the caller checks next
    // (the instance's state, the object there) tells whether it did what it should.
    if (waited.status() === 404) return envelope.metadata;
    const text = await waited.text();
    if (!waited.ok()) throw new Error(`GET ${operationPath}/wait: ${waited.status()} ${text}`);
    const operation = (JSON.parse(text) as Envelope<Operation>).metadata;
    if (operation.status !== 'Success') {
      throw new Error(`${method} ${path}: operation ${operation.status}: ${operation.err}`);
    }
    return envelope.metadata;
  }

  async createInstance(
    name: string,
    options: { project?: string; start?: boolean; image?: string; profiles?: string[] } = {},
  ) {
    const project = options.project ?? 'default';
    await this.run('POST', `/1.0/instances?project=${project}`, {
      name,
      type: 'container',
      source: { type: 'image', alias: options.image ?? 'busybox' },
      ...(options.profiles ? { profiles: options.profiles } : {}),
    });
    if (options.start) await this.setState(name, 'start', project);
  }

  async setState(name: string, action: string, project = 'default', force = false) {
    await this.run('PUT', `/1.0/instances/${name}/state?project=${project}`, {
      action,
      timeout: -1,
      force,
    });
  }

  async instance(name: string, project = 'default') {
    return this.get<{ name: string; status: string; config: Record<string, string> }>(
      `/1.0/instances/${name}?project=${project}`,
    );
  }

  async instanceExists(name: string, project = 'default') {
    const response = await this.ctx.get(`/1.0/instances/${name}?project=${project}`);
    return response.ok();
  }

  /** Stops (forcefully) and deletes an instance; a missing instance is fine. */
  async deleteInstance(name: string, project = 'default') {
    if (!(await this.instanceExists(name, project))) return;
    const instance = await this.instance(name, project);
    if (instance.status !== 'Stopped') await this.setState(name, 'stop', project, true);
    await this.run('DELETE', `/1.0/instances/${name}?project=${project}`);
  }
}

/** A trust token for a new client certificate (LXD 5.0: POST /1.0/certificates {token:true}). */
export async function createTrustToken(api: LxdApi, name: string): Promise<string> {
  const envelope = await api.call<{ id: string; metadata: Record<string, unknown> }>(
    'POST',
    '/1.0/certificates',
    { name, type: 'client', token: true },
  );
  const meta = envelope.metadata.metadata;
  const token = {
    client_name: name,
    fingerprint: meta.fingerprint,
    addresses: meta.addresses,
    secret: meta.secret,
    expires_at: meta.expiresAt ?? '0001-01-01T00:00:00Z',
  };
  return Buffer.from(JSON.stringify(token)).toString('base64');
}

export async function createProject(api: LxdApi, name: string, description = '') {
  await api.call('POST', '/1.0/projects', { name, description, config: {} });
}

export async function deleteProject(api: LxdApi, name: string) {
  await api.call('DELETE', `/1.0/projects/${name}`).catch(() => undefined);
}

export async function setServerConfig(api: LxdApi, config: Record<string, string>) {
  await api.call('PATCH', '/1.0', { config });
}
