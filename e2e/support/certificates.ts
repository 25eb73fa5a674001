/** Client certificates a test makes for itself, as a user would with openssl. */
import { execFileSync } from 'node:child_process';

/** A self-signed EC (P-256) certificate and its key, valid for `days` days. */
export function makeClientCertificate(
  certPath: string,
  keyPath: string,
  commonName: string,
  days = 1,
): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      String(days),
      '-subj',
      `/CN=${commonName}`,
    ],
    { stdio: 'ignore' },
  );
}
