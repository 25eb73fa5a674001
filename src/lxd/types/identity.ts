/**
 * GET /1.0/auth/identities/current and the identity list (LXD 5.21+, `access_management`).
 * The effective_* and fine_grained fields come only with the current identity.
 */
export interface LxdIdentity {
  /** A certificate fingerprint, an OIDC subject or e-mail, a bearer identity's UUID. */
  id: string;
  name: string;
  /** "Client certificate", "Server certificate", "OIDC client", … */
  type?: string;
  /** tls, oidc, bearer, … */
  authentication_method: string;
  groups?: string[] | null;
  /** When the credential expires (extension `access_management_expiry`); absent when it does not. */
  expires_at?: string;
  /** PEM certificate of a TLS identity (extension `access_management_tls`). */
  tls_certificate?: string;
  effective_groups?: string[] | null;
  effective_permissions?: { entity_type: string; url: string; entitlement: string }[] | null;
  fine_grained?: boolean;
  access_entitlements?: string[];
}
