/** The shape of a console server configuration (parsed by config.ts, checked by config-check.ts). */
import type { JournalStoreTarget } from './journal/db';
import type { Retention } from './journal/store';
import type { UsageOptions } from './journal/usage-store';

/** Where the LXD is: its local unix socket, or its HTTPS address with a client certificate. */
export type LxdTarget =
  | { kind: 'socket'; path: string }
  | {
      kind: 'url';
      url: string;
      /** Client certificate and key (PEM files) the console server acts with. */
      cert: string;
      key: string;
      /** Optional PEM file of LXD's own certificate: only that certificate is then accepted. */
      serverCert?: string;
      /** Where serverCert was given, for messages (default "--lxd-server-cert"). */
      serverCertFrom?: string;
    };

export interface ConsoleConfig {
  /** The built SPA (contains index.html and assets/). */
  uiDir: string;
  host: string;
  /** 0 picks any free port. */
  port: number;
  /** Certificate and key (PEM files) for the console server's own HTTPS. */
  tls?: { cert: string; key: string };
  /** Required, together with tls, to listen on an address other than loopback. */
  allowRemote?: boolean;
  lxd: LxdTarget;
  /** The name of that LXD among the remotes (default "local"; server/remotes-file.ts). */
  lxdName?: string;
  /** JSON file naming more LXD or Incus servers, each reached at /remote/<name>/1.0. */
  remotes?: string;
  /** How users prove who they are; without any, everyone who reaches the port is admitted. */
  auth?: AuthFiles;
  /** JSON file mapping signed-in users to LXD client certificates (needs an LXD URL). */
  identities?: string;
  /** Append-only JSON-lines log of state-changing proxied requests, rotated at maxBytes. */
  auditLog?: { file: string; maxBytes: number };
  /**
   * Internal addresses /console/simplestreams may ask all the same (`ADDRESS` or `ADDRESS:PORT`,
   * IP addresses only): a mirror on the LAN, or the e2e run's image server on 127.0.0.1.
   */
  simplestreamsAllow?: string[];
  /**
   * The activity journal (server/journal): where it is stored, the state directory (its spool,
   * and the embedded database by default) and how long entries are kept. Without it, none.
   */
  journal?: {
    store: JournalStoreTarget;
    stateDir: string;
    retention?: Retention;
    /** The usage sampler (server/journal/usage.ts): how often, and how long each resolution is kept. */
    usage?: UsageOptions;
  };
  /** Time a request the console server answers itself has to send its body (default 10 s). */
  bodyTimeoutMs?: number;
}

export interface AuthFiles {
  /** PEM CA(s): client certificates they sign are admitted, named by their subject CN. */
  clientCa?: string;
  /** PEM CRL(s) of that CA: certificates they list are refused. */
  clientCrl?: string;
  /** Lines of "<sha256 fingerprint> <user name>": those client certificates are admitted. */
  clientFingerprints?: string;
  /** Lines of "<user>:scrypt$N$r$p$salt$hash": password login at /console/login. */
  users?: string;
  /**
   * At least 32 random bytes (any encoding) sealing the password sessions' cookies: servers given
   * the same file accept each other's sessions, and keep them across restarts.
   */
  sessionSecret?: string;
  /** Single sign-on through an OpenID Provider (server/auth-oidc.ts). */
  oidc?: OidcFlags;
}

export interface OidcFlags {
  issuer: string;
  clientId: string;
  /** File holding the client secret (mode 0600); without it a public client with PKCE. */
  clientSecretFile?: string;
  /** This server's /console/oidc/callback as browsers reach it. */
  redirectUrl: string;
  claim: string;
  scopes: string;
  groupsClaim?: string;
}

export type Env = Record<string, string | undefined>;
