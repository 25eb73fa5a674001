/**
 * A real OpenID Provider for tests (the npm package oidc-provider, with its own development
 * sign-in pages: any login name, any password), on 127.0.0.1 and a free port. One client, the
 * console server, with its redirect URL; accounts give each login's claims (email, groups).
 * Consent is taken as given for that client (a first-party client), so a sign-in is one form.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestAccount {
  email: string;
  groups?: string[];
}

export interface TestProviderOptions {
  clientId: string;
  /** Without it a public client (PKCE alone). */
  clientSecret?: string;
  redirectUrl: string;
  /** Login name → claims. Unknown logins sign in with no email. */
  accounts: Record<string, TestAccount>;
  /**
   * Issue access tokens as JWTs signed by the provider, for this audience (a resource server
   * that checks them itself, like Incus, which verifies the access token against the issuer's
   * keys). Without it access tokens are opaque.
   */
  jwtAccessTokenAudience?: string;
  /** The client's grant types; default authorization_code only. */
  grantTypes?: string[];
}

export interface TestProvider {
  /** http://127.0.0.1:PORT */
  issuer: string;
  close: () => Promise<void>;
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        ...(options.clientSecret === undefined
          ? { token_endpoint_auth_method: 'none' }
          : { client_secret: options.clientSecret }),
        redirect_uris: [options.redirectUrl],
        grant_types: options.grantTypes ?? ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    ...(options.jwtAccessTokenAudience === undefined
      ? {}
      : { features: { resourceIndicators: jwtResource(options.jwtAccessTokenAudience) } }),
    claims: { openid: ['sub'], email: ['email'], profile: ['groups'] },
    cookies: { keys: ['test-provider-cookie-key'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
            format: 'jwk',
          }),
          kid: 'test',
          use: 'sig',
        },
      ],
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => {
        const account = options.accounts[id];
        return {
          sub: id,
          ...(account ? { email: account.email, groups: account.groups ?? [] } : {}),
        };
      },
    }),
    // The console is the provider's own client: its scopes need no consent page.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (accountId === undefined || clientId === undefined) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      if (options.jwtAccessTokenAudience !== undefined) {
        grant.addResourceScope(options.jwtAccessTokenAudience, 'openid email profile');
      }
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // The development sign-in pages are meant for exactly this; no warning per test run.
  provider.on('server_error', (_ctx, error) => {
    process.stderr.write(`test OpenID Provider: ${String(error)}\n`);
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    void handle(req, res);
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Resource indicators (RFC 8707) with one resource server, the default for every request: its
 * access tokens are JWTs whose audience is that resource.
 */
function jwtResource(audience: string) {
  return {
    enabled: true,
    defaultResource: () => audience,
    useGrantedResource: () => true,
    getResourceServerInfo: () => ({
      scope: 'openid email profile',
      audience,
      accessTokenFormat: 'jwt' as const,
      jwt: { sign: { alg: 'RS256' as const } },
    }),
  };
}

/** A free port on 127.0.0.1 (the console's redirect URL names it before the server starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A browser's cookies and redirects, by hand: each answer is looked at on the way. */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookies = [...(this.jar.get(target.host) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookies) headers.set('Cookie', cookies);
    const reply = await fetch(target, { ...init, headers, redirect: 'manual' });
    const jar = this.jar.get(target.host) ?? new Map<string, string>();
    for (const line of reply.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.jar.set(target.host, jar);
    return reply;
  }

  /** Follows redirects from `url` until an answer that is not one. */
  async follow(url: string): Promise<{ reply: Response; url: string }> {
    let at = url;
    for (let hop = 0; hop < 20; hop += 1) {
      const reply = await this.get(at);
      const location = reply.headers.get('location');
      if (reply.status < 300 || reply.status >= 400 || location === null) return { reply, url: at };
      at = new URL(location, at).href;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** The provider's development sign-in form: any login, any password. */
  async signInAtProvider(start: string, login: string): Promise<{ reply: Response; url: string }> {
    const form = await this.follow(start);
    const action = /action="([^"]+)"/.exec(await form.reply.text())?.[1];
    if (!action) throw new Error(`no sign-in form at ${form.url}`);
    const posted = await this.get(new URL(action, form.url).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    const location = posted.headers.get('location');
    if (location === null) throw new Error(`the provider answered ${posted.status}`);
    return this.follow(new URL(location, form.url).href);
  }
}
