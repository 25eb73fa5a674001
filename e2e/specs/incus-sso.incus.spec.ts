/**
 * Single sign-on straight at a real Incus 6.0 daemon serving the console (INCUS_UI), through a
 * real OpenID Provider started here (the npm package oidc-provider, on loopback). Incus lists
 * "oidc" in auth_methods once oidc.issuer and oidc.client.id are set (and user.ui.sso_only leaves
 * single sign-on alone on the sign-in page); its /oidc/login runs the
 * code flow with PKCE and its callback sets the oidc_* cookies and sends the browser to /ui/.
 * Incus checks the access token itself against the issuer's keys, so the provider issues JWT
 * access tokens. With no OpenFGA, an Incus OIDC user has full access.
 */
import { expect, test, INCUS } from '../fixtures';
import { startTestProvider, type TestProvider } from '../../server/testing/oidc-provider';
import { INCUS_URL } from '../support/env';
import { setServerConfig, type LxdApi } from '../support/lxd-api';
import { seriousViolations } from '../support/settings';

const CLIENT_ID = 'incus-console';
const AUDIENCE = `${INCUS_URL}/`;

let provider: TestProvider | undefined;

async function configureOidc(lxd: LxdApi, issuer: string) {
  await setServerConfig(lxd, {
    'oidc.issuer': issuer,
    'oidc.client.id': CLIENT_ID,
    'oidc.audience': AUDIENCE,
    'oidc.scopes': 'openid,email,profile',
    'user.ui.sso_only': 'true',
  });
}

test.afterEach(async ({ lxd }) => {
  await setServerConfig(lxd, {
    'oidc.issuer': '',
    'oidc.client.id': '',
    'oidc.audience': '',
    'oidc.scopes': '',
    'user.ui.sso_only': '',
  }).catch(() => undefined);
  await provider?.close();
  provider = undefined;
});

test(
  'Login with SSO signs in at the provider and lands in the console as that user',
  INCUS,
  async ({ browser, lxd }) => {
    provider = await startTestProvider({
      clientId: CLIENT_ID,
      redirectUrl: `${INCUS_URL}/oidc/callback`,
      accounts: { ada: { email: 'ada@example.org' } },
      jwtAccessTokenAudience: AUDIENCE,
    });
    await configureOidc(lxd, provider.issuer);
    const server = await lxd.get<{ auth_methods: string[] }>('/1.0');
    expect(server.auth_methods).toContain('oidc');

    // A browser without a client certificate: the sign-in page names Incus and, as Incus's
    // user.ui.sso_only says (a key Incus shows before sign-in), offers single sign-on alone.
    // (The project's admin certificate would be inherited by a new context: none here.)
    const context = await browser.newContext({
      baseURL: INCUS_URL,
      ignoreHTTPSErrors: true,
      clientCertificates: [],
    });
    try {
      const page = await context.newPage();
      await page.goto('/ui/');
      await expect(page).toHaveURL(/\/ui\/login/);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in to Incus' })).toBeVisible();
      expect(await seriousViolations(page, 'Incus sign-in')).toEqual([]);
      await expect(
        page.getByRole('heading', { name: 'Sign in with a browser certificate' }),
      ).toHaveCount(0);
      await page.getByRole('link', { name: 'Login with SSO', exact: true }).click();

      // The provider's own sign-in page (its development pages take any password).
      await expect.poll(() => new URL(page.url()).origin).toBe(provider.issuer);
      await page.getByPlaceholder('Enter any login').fill('ada');
      await page.getByPlaceholder('and password').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();

      // Back at Incus: the console runs as the OIDC user, with full access (no OpenFGA).
      await expect(page).toHaveURL(/\/ui\/project\/default\/instances/);
      await expect(page.getByRole('heading', { level: 1, name: 'Instances' })).toBeVisible();
      await expect(page).toHaveTitle(/Incus UI$/);
      const whoami = await page.evaluate(async () => {
        const reply = await fetch('/1.0');
        const body = (await reply.json()) as {
          metadata: { auth: string; auth_user_method?: string; auth_user_name?: string };
        };
        return body.metadata;
      });
      expect(whoami).toMatchObject({
        auth: 'trusted',
        auth_user_method: 'oidc',
        auth_user_name: 'ada',
      });
    } finally {
      await context.close();
    }
  },
);
