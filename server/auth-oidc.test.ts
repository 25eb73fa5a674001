/**
 * Single sign-on at the console server against a real OpenID Provider (oidc-provider, started
 * here): the authorization code flow with PKCE from the sign-in page to a session, the user from
 * the configured claim, and what goes wrong (a stale or foreign state, a refusal, a missing claim).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import { NOT_AUTHENTICATED } from './auth';
import { OIDC_CALLBACK_PATH, SSO_EXPIRED } from './auth-oidc';
import { startFakeLxd, tempDir, writeUiBuild, type FakeLxd } from './testing/fixtures';
import { Browser, freePort, startTestProvider, type TestProvider } from './testing/oidc-provider';

const tmp = tempDir('console-oidc-');
let lxd: FakeLxd;
let provider: TestProvider;
let server: ConsoleServer;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({
    clientId: 'console',
    redirectUrl: `${base}${OIDC_CALLBACK_PATH}`,
    accounts: { dana: { email: 'dana@example.com', groups: ['ops', 'staff'] } },
  });
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  server = createConsoleServer({
    uiDir: writeUiBuild(tmp.dir),
    host: '127.0.0.1',
    port,
    lxd: { kind: 'socket', path: lxd.socket },
    auth: {
      oidc: {
        issuer: provider.issuer,
        clientId: 'console',
        redirectUrl: `${base}${OIDC_CALLBACK_PATH}`,
        claim: 'email',
        scopes: 'openid email profile',
        groupsClaim: 'groups',
      },
    },
  });
  await server.listen();
}, 60_000);

afterAll(async () => {
  await server.close();
  await provider.close();
  await lxd.close();
  tmp.remove();
});

describe('single sign-on at the console server', () => {
  it('offers the provider on the sign-in page, and no password form without --auth-users', async () => {
    const browser = new Browser();
    const { reply, url } = await browser.follow(`${base}/ui/instances`);
    expect(new URL(url).pathname).toBe('/console/login');
    const page = await reply.text();
    expect(page).toContain('Sign in with single sign-on</a>');
    expect(page).toContain('href="/console/oidc/start?next=%2Fui%2Finstances"');
    expect(page).not.toContain('type="password"');
    const api = await browser.get(`${base}/1.0`);
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: string }).error).toBe(NOT_AUTHENTICATED);
  });

  it('signs in through the provider with PKCE and lands where the user was going', async () => {
    const browser = new Browser();
    const start = await browser.get(`${base}/console/oidc/start?next=%2Fui%2Finstances`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}${OIDC_CALLBACK_PATH}`);

    const back = await browser.signInAtProvider(authorize.href, 'dana');
    expect(new URL(back.url).pathname).toBe(OIDC_CALLBACK_PATH);
    expect(back.reply.status).toBe(200);
    // A same-site step on to the console (the session cookie is SameSite=Strict).
    expect(await back.reply.text()).toContain('content="0;url=/ui/instances"');

    const session = await browser.get(`${base}/console/session`);
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ user: 'dana@example.com', method: 'oidc' });
    expect((await browser.get(`${base}/1.0`)).status).toBe(200);

    // Signing out ends it.
    const out = await browser.get(`${base}/console/logout`, {
      method: 'POST',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(out.status).toBe(303);
    expect((await browser.get(`${base}/console/session`)).status).toBe(401);
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const victim = new Browser();
    const attacker = new Browser();
    const start = await attacker.get(`${base}/console/oidc/start`);
    const back = await attacker.signInAtProvider(start.headers.get('location') ?? '', 'dana');
    // The attacker's own callback would work, but the victim has no state cookie for it.
    const stolen = await victim.get(back.url);
    expect(stolen.status).toBe(400);
    expect(await stolen.text()).toContain(SSO_EXPIRED);
    expect((await victim.get(`${base}/console/session`)).status).toBe(401);
  });

  it('says so when the provider refuses, and when the user claim is missing', async () => {
    const browser = new Browser();
    const start = await browser.get(`${base}/console/oidc/start`);
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const refused = await browser.get(
      `${base}${OIDC_CALLBACK_PATH}?error=access_denied&error_description=not+today&state=${state}`,
    );
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(
      'The identity provider refused the sign-in (access_denied: not today).',
    );

    const nobody = new Browser();
    const again = await nobody.get(`${base}/console/oidc/start`);
    // "zed" has no account at the provider: no email claim.
    const back = await nobody.signInAtProvider(again.headers.get('location') ?? '', 'zed');
    expect(back.reply.status).toBe(403);
    expect(await back.reply.text()).toContain(
      'The identity provider did not give the &quot;email&quot; claim that names console users.',
    );
    expect((await nobody.get(`${base}/console/session`)).status).toBe(401);
  });
});
