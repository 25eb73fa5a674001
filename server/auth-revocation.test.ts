/**
 * Client certificates that are no longer good: one listed by fingerprint after it expired, and
 * one signed by the team CA that the CA's CRL (--auth-client-crl) revokes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import { UNTRUSTED_CERTIFICATE } from './auth';
import { parseConfig } from './config';
import { validateConfig } from './config-check';
import { makeCert, type TestCert } from './testing/certs';
import {
  httpsRequest,
  startFakeLxd,
  tempDir,
  writeUiBuild,
  type FakeLxd,
} from './testing/fixtures';

const tmp = tempDir('console-revocation-');
let lxd: FakeLxd;
let server: ConsoleServer;
let base: string;
let carol: TestCert; // signed by the CA, good
let mallory: TestCert; // signed by the CA, revoked
let dave: TestCert; // self-signed, listed by fingerprint, good
let old: TestCert; // self-signed, listed by fingerprint, expired yesterday
let crlFile: string;
let uiDir: string;

/** A CRL of `ca` revoking `revoked`, made by `openssl ca` with a throw-away database. */
function makeCrl(ca: TestCert, revoked: TestCert): string {
  const dir = path.join(tmp.dir, 'crl-db');
  execFileSync('mkdir', ['-p', dir]);
  writeFileSync(path.join(dir, 'index.txt'), '');
  writeFileSync(path.join(dir, 'crlnumber'), '01\n');
  const cnf = path.join(dir, 'ca.cnf');
  writeFileSync(
    cnf,
    `[ca]\ndefault_ca = d\n[d]\ndatabase = ${dir}/index.txt\ncrlnumber = ${dir}/crlnumber\n` +
      'default_md = sha256\ndefault_crl_days = 30\n',
  );
  const ca_ = ['-config', cnf, '-keyfile', ca.keyFile, '-cert', ca.certFile];
  execFileSync('openssl', ['ca', ...ca_, '-revoke', revoked.certFile], { stdio: 'pipe' });
  const file = path.join(tmp.dir, 'team.crl');
  execFileSync('openssl', ['ca', ...ca_, '-gencrl', '-out', file], { stdio: 'pipe' });
  return file;
}

beforeAll(async () => {
  const ca = makeCert(tmp.dir, 'ca', { ca: true, cn: 'Team CA' });
  const serverCert = makeCert(tmp.dir, 'console');
  carol = makeCert(tmp.dir, 'carol', { issuer: ca, cn: 'carol' });
  mallory = makeCert(tmp.dir, 'mallory', { issuer: ca, cn: 'mallory' });
  dave = makeCert(tmp.dir, 'dave', { cn: 'dave' });
  const day = 24 * 3600_000;
  old = makeCert(tmp.dir, 'old', {
    cn: 'old',
    validity: { from: new Date(Date.now() - 30 * day), to: new Date(Date.now() - day) },
  });
  const fingerprints = path.join(tmp.dir, 'fingerprints');
  writeFileSync(fingerprints, `${dave.fingerprint} dave\n${old.fingerprint} olivia\n`);
  crlFile = makeCrl(ca, mallory);
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  uiDir = writeUiBuild(tmp.dir);
  server = createConsoleServer({
    uiDir,
    host: '127.0.0.1',
    port: 0,
    tls: { cert: serverCert.certFile, key: serverCert.keyFile },
    lxd: { kind: 'socket', path: lxd.socket },
    auth: { clientCa: ca.certFile, clientCrl: crlFile, clientFingerprints: fingerprints },
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
}, 60_000);

afterAll(async () => {
  await server.close();
  await lxd.close();
  tmp.remove();
});

const get = (target: string, client: TestCert) => httpsRequest(base, target, { client });

describe('client certificates that are no longer good', () => {
  it('admits the good ones', async () => {
    expect((await get('/1.0', carol)).status).toBe(200);
    expect((await get('/1.0', dave)).status).toBe(200);
  });

  it('refuses a fingerprint-listed certificate once it has expired', async () => {
    const reply = await get('/1.0', old);
    expect(reply.status).toBe(403);
    expect(reply.body).toContain(UNTRUSTED_CERTIFICATE);
  });

  it('refuses a CA-signed certificate its CRL revokes', async () => {
    const reply = await get('/1.0', mallory);
    expect(reply.status).toBe(403);
    expect(reply.body).toContain(UNTRUSTED_CERTIFICATE);
  });

  it('checks the CRL file at start, and wants the CA with it', () => {
    const bogus = path.join(tmp.dir, 'bogus.crl');
    writeFileSync(bogus, 'not a crl\n');
    expect(() =>
      validateConfig(
        parseConfig(
          ['--ui-dir', uiDir, '--lxd-socket', lxd.socket, '--auth-client-crl', crlFile],
          {},
        ),
      ),
    ).toThrow('--auth-client-crl revokes certificates of --auth-client-ca: give both');
    expect(() =>
      validateConfig(
        parseConfig(
          [
            '--ui-dir',
            uiDir,
            '--lxd-socket',
            lxd.socket,
            '--tls-cert',
            carol.certFile,
            '--tls-key',
            carol.keyFile,
            '--auth-client-ca',
            carol.certFile,
            '--auth-client-crl',
            bogus,
          ],
          {},
        ),
      ),
    ).toThrow(`client CRL file ${bogus} holds no PEM CRL`);
  });
});
