/**
 * Single sign-on at the console server (--oidc-issuer): OpenID Connect's authorization code flow
 * with PKCE. /console/oidc/start sends the browser to the provider with a fresh state, nonce and
 * code verifier, kept in a short-lived sealed cookie; /console/oidc/callback checks the state,
 * trades the code for tokens (the ID token's signature, issuer, audience, expiry and nonce are
 * checked by openid-client), and takes the user from the configured claim (of the ID token, else
 * of the userinfo answer) and the groups from the groups claim. The session then is a sealed
 * cookie like a password session's (auth-sessions.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as client from 'openid-client';
import { cookieValues, safeNext, sendHtml } from './auth-http';
import { errorMessage } from './errors';
import { OIDC_CALLBACK_PATH, OIDC_START_PATH } from './login-page';

export { OIDC_CALLBACK_PATH, OIDC_START_PATH };
import { OIDC_STATE_VERSION, seal, unseal } from './session-cookie';

export const OIDC_STATE_COOKIE = 'console_oidc';
/** Time from leaving for the provider to coming back. */
export const OIDC_STATE_SECONDS = 10 * 60;
/** Groups kept per session (only those the identities file maps are kept at all). */
const MAX_GROUPS = 32;

export const SSO_EXPIRED =
  'The single sign-on took too long or was started in another browser tab. Sign in again.';
export const SSO_FAILED =
  "The single sign-on failed. The console server's log says why; sign in again.";
export const SSO_UNREACHABLE = 'The identity provider cannot be reached. Try again later.';

export interface OidcSettings {
  /** The provider's issuer URL (its discovery document is at /.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  /** Without it the console is a public client (PKCE alone). */
  clientSecret?: string;
  /** This server's callback as browsers reach it: https://console.example:8407/console/oidc/callback */
  redirectUrl: string;
  /** The claim naming the user (default "email"). */
  claim: string;
  /** Space-separated scopes (default "openid email profile"). */
  scopes: string;
  /** The claim listing the user's groups at the provider (an array of strings), if any. */
  groupsClaim?: string;
}

export interface OidcDeps {
  key: Buffer;
  now: () => number;
  /** The cookie name for this request's connection (__Host- over HTTPS). */
  cookieName: (req: IncomingMessage, base: string) => string;
  /** The sign-in page with an error (and the way back to the provider). */
  page: (next: string, error: string) => string;
  /** Whether the identities file maps this provider group to an LXD identity. */
  keepGroup: (group: string) => boolean;
  /** Starts the session and sends the browser on to `next`. */
  signedIn: (
    req: IncomingMessage,
    res: ServerResponse,
    session: { user: string; groups: string[] },
    next: string,
    clearCookies: string[],
  ) => void;
}

interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
  expires: number;
}

function isPending(value: unknown): value is Pending {
  if (typeof value !== 'object' || value === null) return false;
  const pending = value as Record<string, unknown>;
  return (
    typeof pending.state === 'string' &&
    typeof pending.nonce === 'string' &&
    typeof pending.verifier === 'string' &&
    typeof pending.next === 'string' &&
    typeof pending.expires === 'number'
  );
}

function isLoopbackUrl(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** A claim's value as a user name: a non-empty string without white space. */
export function claimUser(claims: Record<string, unknown>, claim: string): string | undefined {
  const value = claims[claim];
  return typeof value === 'string' && value !== '' && !/\s/.test(value) ? value : undefined;
}

/** The groups a claim lists that are kept (mapped), in the claim's order, without repeats. */
export function claimGroups(
  claims: Record<string, unknown>,
  claim: string | undefined,
  keep: (group: string) => boolean,
): string[] {
  const value = claim === undefined ? undefined : claims[claim];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const groups = list.filter((group): group is string => typeof group === 'string' && keep(group));
  return [...new Set(groups)].slice(0, MAX_GROUPS);
}

export interface OidcSignIn {
  start: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  callback: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

export function createOidcSignIn(settings: OidcSettings, deps: OidcDeps): OidcSignIn {
  const issuer = new URL(settings.issuer);
  let discovered: Promise<client.Configuration> | undefined;

  /** The provider's configuration, asked once (again after a failure). */
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret === undefined ? client.None() : undefined,
        // Plain http only for a provider on this machine (a test's, or one behind a local proxy).
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback only, as said above
        isLoopbackUrl(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  function stateCookie(req: IncomingMessage, value: string, maxAge: number): string {
    // Lax: the provider sends the browser back with a cross-site top-level GET.
    return `${deps.cookieName(req, OIDC_STATE_COOKIE)}=${value}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${maxAge}`;
  }

  function fail(
    res: ServerResponse,
    status: number,
    next: string,
    error: string,
    clear = '',
  ): void {
    sendHtml(res, status, deps.page(next, error), clear ? { 'Set-Cookie': clear } : {});
  }

  return {
    async start(req, res) {
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      const next = safeNext(query.get('next'));
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch (error) {
        process.stderr.write(
          `console server: OIDC discovery at ${settings.issuer} failed: ${errorMessage(error)}\n`,
        );
        fail(res, 502, next, SSO_UNREACHABLE);
        return;
      }
      const verifier = client.randomPKCECodeVerifier();
      const pending: Pending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        next,
        expires: deps.now() + OIDC_STATE_SECONDS * 1000,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUrl,
        scope: settings.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      const cookie = stateCookie(
        req,
        seal(deps.key, OIDC_STATE_VERSION, pending),
        OIDC_STATE_SECONDS,
      );
      res.writeHead(302, {
        Location: url.href,
        'Set-Cookie': cookie,
        'Content-Length': 0,
        'Cache-Control': 'no-store',
      });
      res.end();
    },

    async callback(req, res) {
      const values = cookieValues(req, deps.cookieName(req, OIDC_STATE_COOKIE));
      const opened =
        values.length === 1 ? unseal(deps.key, OIDC_STATE_VERSION, values[0] ?? '') : undefined;
      const pending = isPending(opened) && opened.expires > deps.now() ? opened : undefined;
      const clear = stateCookie(req, '', 0);
      const search = (req.url ?? '').split('?')[1] ?? '';
      const query = new URLSearchParams(search);
      if (!pending || query.get('state') !== pending.state) {
        fail(res, 400, pending?.next ?? '/ui/', SSO_EXPIRED, clear);
        return;
      }
      const refused = query.get('error');
      if (refused !== null) {
        const description = query.get('error_description');
        const why = description ? `${refused}: ${description}` : refused;
        fail(res, 401, pending.next, `The identity provider refused the sign-in (${why}).`, clear);
        return;
      }
      let claims: Record<string, unknown>;
      try {
        const config = await configuration();
        const current = new URL(settings.redirectUrl);
        current.search = search;
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        const needed = [settings.claim, settings.groupsClaim].filter((name) => name !== undefined);
        if (needed.some((name) => !(name in claims))) {
          // An ID token always names its subject; userinfo must be about the same one.
          const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims };
        }
      } catch (error) {
        process.stderr.write(`console server: OIDC sign-in failed: ${errorMessage(error)}\n`);
        fail(res, 502, pending.next, SSO_FAILED, clear);
        return;
      }
      const user = claimUser(claims, settings.claim);
      if (user === undefined) {
        const message = `The identity provider did not give the "${settings.claim}" claim that names console users.`;
        fail(res, 403, pending.next, message, clear);
        return;
      }
      const groups = claimGroups(claims, settings.groupsClaim, deps.keepGroup);
      deps.signedIn(req, res, { user, groups }, pending.next, [clear]);
    },
  };
}
