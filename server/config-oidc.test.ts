/** The --oidc-* flags: what goes together, and the one-line refusals. */
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAuthSettings } from './auth-settings';
import { DEFAULT_OIDC_CLAIM, DEFAULT_OIDC_SCOPES, parseConfig } from './config';
import { loginPage } from './login-page';
import { consoleErrorOf, tempDir, writeUiBuild } from './testing/fixtures';

const tmp = tempDir('console-config-oidc-');
const ui = writeUiBuild(tmp.dir);
afterAll(() => tmp.remove());

const base = ['--ui-dir', ui, '--lxd-socket', '/s'];
const sso = [
  '--oidc-issuer',
  'https://id.example.com/realms/ops',
  '--oidc-client-id',
  'console',
  '--oidc-redirect-url',
  'https://console.example.com:8407/console/oidc/callback',
];

const errorOf = consoleErrorOf;

describe('single sign-on flags', () => {
  it('take defaults for the claim and scopes, and read the client secret file', () => {
    expect(parseConfig([...base, ...sso], {}).auth?.oidc).toEqual({
      issuer: 'https://id.example.com/realms/ops',
      clientId: 'console',
      redirectUrl: 'https://console.example.com:8407/console/oidc/callback',
      claim: DEFAULT_OIDC_CLAIM,
      scopes: DEFAULT_OIDC_SCOPES,
    });
    expect(DEFAULT_OIDC_CLAIM).toBe('email');
    const secret = path.join(tmp.dir, 'secret');
    writeFileSync(secret, 's3cret\n', { mode: 0o600 });
    const config = parseConfig(
      [...base, ...sso, '--oidc-client-secret', secret, '--oidc-groups-claim', 'groups'],
      { CONSOLE_OIDC_CLAIM: 'preferred_username' },
    );
    expect(config.auth?.oidc).toMatchObject({
      claim: 'preferred_username',
      clientSecretFile: secret,
      groupsClaim: 'groups',
    });
    expect(loadAuthSettings(config.auth)?.oidc?.clientSecret).toBe('s3cret');
    // Single sign-on is an authentication method: remote mode and --session-secret accept it.
    chmodSync(secret, 0o644);
    expect(errorOf(() => parseConfig([...base, ...sso, '--oidc-client-secret', secret], {}))).toBe(
      `OIDC client secret (--oidc-client-secret) ${secret} is open to group or others (mode 0644): run chmod 600 ${secret}`,
    );
  });

  it('refuse what cannot work, in one line', () => {
    expect(
      errorOf(() => parseConfig([...base, '--oidc-issuer', 'https://id.example.com'], {})),
    ).toBe('single sign-on needs --oidc-issuer, --oidc-client-id and --oidc-redirect-url');
    const withIssuer = (issuer: string) => [...base, ...sso.slice(2), '--oidc-issuer', issuer];
    expect(errorOf(() => parseConfig(withIssuer('http://id.example.com'), {}))).toBe(
      '--oidc-issuer must be an https:// URL, not "http://id.example.com"',
    );
    expect(errorOf(() => parseConfig(withIssuer('id.example.com'), {}))).toBe(
      '--oidc-issuer is not a URL: "id.example.com"',
    );
    // Plain http on this machine only (a test's provider).
    expect(parseConfig(withIssuer('http://127.0.0.1:9000'), {}).auth?.oidc?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
    const withRedirect = (url: string) => [...base, ...sso.slice(0, 4), '--oidc-redirect-url', url];
    expect(errorOf(() => parseConfig(withRedirect('https://console.example.com/ui/'), {}))).toBe(
      `--oidc-redirect-url must be this server's https://…/console/oidc/callback, not "https://console.example.com/ui/"`,
    );
    expect(errorOf(() => parseConfig([...base, ...sso, '--oidc-scopes', 'email'], {}))).toBe(
      '--oidc-scopes must include "openid", not "email"',
    );
  });
});

describe('the sign-in page', () => {
  it('offers single sign-on as a link (a form would be stopped by form-action on the redirect)', () => {
    const both = loginPage({ next: '/ui/instances?x=1', sso: true });
    expect(both).toContain(
      '<a class="button" href="/console/oidc/start?next=%2Fui%2Finstances%3Fx%3D1">Sign in with single sign-on</a>',
    );
    expect(both).toContain('or with a user name and password');
    expect(both).toContain('type="password"');
    const ssoOnly = loginPage({ next: '/ui/', sso: true, password: false });
    expect(ssoOnly).not.toContain('<form');
    expect(ssoOnly).not.toContain('or with a user name');
    expect(loginPage({ next: '/ui/' })).not.toContain('single sign-on');
  });
});
