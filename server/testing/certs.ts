/**
 * Test certificates: a CA, certificates it signs, and self-signed ones (RSA keys from
 * node:crypto, certificates built with node-forge), written as PEM files.
 */
import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export interface TestCert {
  cert: string;
  key: string;
  /** Files holding cert and key. */
  certFile: string;
  keyFile: string;
  /** SHA-256 fingerprint as lower-case hex without colons. */
  fingerprint: string;
}

export function makeCert(
  dir: string,
  name: string,
  options: {
    cn?: string;
    ca?: boolean;
    issuer?: TestCert;
    /** notBefore and notAfter (default: a minute ago to a day from now). */
    validity?: { from: Date; to: Date };
  } = {},
): TestCert {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pubPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pubPem);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = options.validity?.from ?? new Date(Date.now() - 60_000);
  cert.validity.notAfter = options.validity?.to ?? new Date(Date.now() + 24 * 3600_000);
  const subject = [{ name: 'commonName', value: options.cn ?? name }];
  cert.setSubject(subject);
  const issuer = options.issuer;
  cert.setIssuer(issuer ? forge.pki.certificateFromPem(issuer.cert).subject.attributes : subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: options.ca === true },
    options.ca === true
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true }
      : { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    ...(options.ca === true ? [] : [{ name: 'extKeyUsage', clientAuth: true, serverAuth: true }]),
    ...(options.ca === true
      ? []
      : [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]),
  ]);
  cert.sign(forge.pki.privateKeyFromPem(issuer ? issuer.key : keyPem), forge.md.sha256.create());
  const certPem = forge.pki.certificateToPem(cert);
  const certFile = path.join(dir, `${name}.crt`);
  const keyFile = path.join(dir, `${name}.key`);
  writeFileSync(certFile, certPem);
  // Private keys are 0600: the console server refuses a key group or others may read.
  writeFileSync(keyFile, keyPem, { mode: 0o600 });
  return {
    cert: certPem,
    key: keyPem,
    certFile,
    keyFile,
    fingerprint: new X509Certificate(certPem).fingerprint256.replaceAll(':', '').toLowerCase(),
  };
}
