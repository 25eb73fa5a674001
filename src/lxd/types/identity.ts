/** GET /1.0/auth/identities/current (LXD 5.21+, `access_management`). */
export interface LxdIdentity {
  id: string;
  name: string;
  type?: string;
  /** tls, oidc, bearer, … */
  authentication_method: string;
  groups?: string[] | null;
  effective_groups?: string[] | null;
  effective_permissions?: { entity_type: string; url: string; entitlement: string }[] | null;
  fine_grained?: boolean;
  access_entitlements?: string[];
}

/** GET /1.0/certificates/{fingerprint} */
export interface LxdCertificate {
  name: string;
  type: string;
  fingerprint: string;
  certificate: string;
  restricted: boolean;
  projects: string[] | null;
}
