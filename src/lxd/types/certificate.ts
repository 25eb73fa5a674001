/**
 * The trust store of servers without access management (LXD 5.0, Incus; the LXD reference,
 * doc/rest-api.yaml: Certificate, CertificatePut, CertificatesPost).
 */

/** GET /1.0/certificates/{fingerprint} */
export interface LxdCertificate {
  name: string;
  /** client, server or metrics. */
  type: string;
  fingerprint: string;
  /** The PEM certificate. */
  certificate: string;
  restricted: boolean;
  projects: string[] | null;
  /** Incus only (`certificate_description`). */
  description?: string;
}

/** PUT /1.0/certificates/{fingerprint}: every writable field (a missing one is cleared). */
export interface LxdCertificatePut {
  name: string;
  type: string;
  restricted: boolean;
  projects: string[];
  certificate: string;
  description?: string;
}

/** POST /1.0/certificates {token: true}: a trust token for a client that is not known yet. */
export interface LxdCertificateTokenRequest {
  name: string;
  type: 'client';
  token: true;
  restricted: boolean;
  projects: string[];
}

/**
 * The metadata of a certificate-add token operation (class "token"), as LXD 5.0.2 answers it:
 * `{addresses, fingerprint, request, secret}` and `expiresAt` when core.remote_token_expiry is set.
 */
export interface LxdCertificateTokenMetadata {
  addresses: string[];
  /** The server's own certificate fingerprint (the client pins it). */
  fingerprint: string;
  secret: string;
  expiresAt?: string;
  request: {
    name: string;
    type?: string;
    restricted?: boolean;
    projects?: string[] | null;
  };
}
