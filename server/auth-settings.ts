/**
 * What the authentication gate is given: the --auth-* files read and parsed, and the key of the
 * password sessions (--session-secret), and the TLS options that ask browsers for a certificate.
 */
import {
  loadClientCa,
  loadClientCrl,
  loadClientSecret,
  loadFingerprints,
  loadUsers,
  type ScryptHash,
} from './auth-files';
import type { OidcSettings } from './auth-oidc';
import type { AuthFiles } from './config-types';
import { deriveSessionKey, loadSessionSecret } from './session-secret';

export interface AuthSettings {
  /** PEM CA(s) for client certificates. */
  clientCa?: Buffer;
  /** PEM CRL(s) of that CA: OpenSSL refuses the certificates they revoke. */
  clientCrl?: Buffer;
  /** Lower-case hex SHA-256 fingerprint → user name. */
  fingerprints?: ReadonlyMap<string, string>;
  /** User name → scrypt hash, as read at start. */
  users?: ReadonlyMap<string, ScryptHash>;
  /** The users file, read again when it changes (auth-users.ts); without it `users` stays. */
  usersFile?: string;
  /** Key of the session cookies (session-secret.ts); without it, one for this process alone. */
  sessionKey?: Buffer;
  /** Single sign-on through an OpenID Provider (auth-oidc.ts). */
  oidc?: OidcSettings;
}

/** Reads the --auth-* files; undefined when none is given (everyone is admitted). */
export function loadAuthSettings(files: AuthFiles | undefined): AuthSettings | undefined {
  if (!files) return undefined;
  const settings: AuthSettings = {};
  if (files.clientCa !== undefined) settings.clientCa = loadClientCa(files.clientCa);
  if (files.clientCrl !== undefined) settings.clientCrl = loadClientCrl(files.clientCrl);
  if (files.clientFingerprints !== undefined) {
    settings.fingerprints = loadFingerprints(files.clientFingerprints);
  }
  if (files.users !== undefined) {
    settings.users = loadUsers(files.users);
    settings.usersFile = files.users;
  }
  if (files.oidc !== undefined) {
    const { clientSecretFile, issuer, clientId, redirectUrl, claim, scopes, groupsClaim } =
      files.oidc;
    settings.oidc = {
      issuer,
      clientId,
      redirectUrl,
      claim,
      scopes,
      ...(clientSecretFile === undefined
        ? {}
        : { clientSecret: loadClientSecret(clientSecretFile) }),
      ...(groupsClaim === undefined ? {} : { groupsClaim }),
    };
  }
  if (Object.keys(settings).length === 0) return undefined;
  if (files.sessionSecret !== undefined) {
    settings.sessionKey = deriveSessionKey(loadSessionSecret(files.sessionSecret));
  }
  return settings;
}

/**
 * TLS server options: ask for a client certificate but let the handshake finish whatever comes,
 * so an untrusted certificate gets a readable 403 instead of a broken connection.
 */
export function authTlsOptions(settings: AuthSettings | undefined): {
  requestCert?: boolean;
  rejectUnauthorized?: boolean;
  ca?: Buffer;
  crl?: Buffer;
} {
  if (!settings || (settings.clientCa === undefined && settings.fingerprints === undefined)) {
    return {};
  }
  return {
    requestCert: true,
    rejectUnauthorized: false,
    ...(settings.clientCa === undefined ? {} : { ca: settings.clientCa }),
    ...(settings.clientCrl === undefined ? {} : { crl: settings.clientCrl }),
  };
}
