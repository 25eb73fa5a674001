import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PORT, DEFAULT_UI_DIR, isLoopback, parseConfig, validateConfig } from './config';
import { consoleErrorOf, tempDir, writeUiBuild } from './testing/fixtures';

const tmp = tempDir('console-config-');
const ui = writeUiBuild(tmp.dir);
// Secrets are 0600: the server refuses a key or users file that group or others may read.
const file = (name: string) => {
  const p = path.join(tmp.dir, name);
  writeFileSync(p, 'pem', { mode: 0o600 });
  return p;
};
const cert = file('c.crt');
const key = file('c.key');
const HASH = `scrypt$16$1$1$${Buffer.alloc(16, 1).toString('base64')}$${Buffer.alloc(32, 2).toString('base64')}`;
const text = (name: string, content: string) => {
  const p = path.join(tmp.dir, name);
  writeFileSync(p, content, { mode: 0o600 });
  return p;
};
const users = text('users', `# team\nalice:${HASH}\n\nbob:${HASH}\n`);
afterAll(() => tmp.remove());

const errorOf = consoleErrorOf;

describe('parseConfig', () => {
  it('uses the defaults with only an LXD socket', () => {
    const config = parseConfig(['--lxd-socket', '/run/lxd.socket', '--ui-dir', ui], {});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: DEFAULT_PORT,
      uiDir: ui,
      allowRemote: false,
      lxd: { kind: 'socket', path: '/run/lxd.socket' },
    });
    expect(config.tls).toBeUndefined();
  });

  it('defaults the UI directory to build/ui of the repository', () => {
    expect(DEFAULT_UI_DIR).toBe(path.resolve(import.meta.dirname, '..', 'build', 'ui'));
  });

  it('reads the environment, and flags override it', () => {
    const env = {
      CONSOLE_UI_DIR: ui,
      CONSOLE_PORT: '9000',
      CONSOLE_HOST: '::1',
      LXD_SOCKET: '/env.sock',
    };
    expect(parseConfig([], env)).toMatchObject({
      port: 9000,
      host: '::1',
      lxd: { path: '/env.sock' },
    });
    expect(parseConfig(['--port=0', '--lxd-socket', '/flag.sock'], env)).toMatchObject({
      port: 0,
      lxd: { kind: 'socket', path: '/flag.sock' },
    });
  });

  it('lets an LXD flag replace an LXD from the environment', () => {
    const config = parseConfig(['--lxd-url', 'https://127.0.0.1:8443', '--lxd-cert', cert], {
      CONSOLE_UI_DIR: ui,
      LXD_SOCKET: '/env.sock',
      LXD_KEY: key,
    });
    expect(config.lxd).toEqual({ kind: 'url', url: 'https://127.0.0.1:8443', cert, key });
  });

  it('accepts an LXD URL with client certificate, key and pinned server certificate', () => {
    const env = {
      CONSOLE_UI_DIR: ui,
      LXD_URL: 'https://10.0.0.2:8443',
      LXD_CERT: cert,
      LXD_KEY: key,
      LXD_SERVER_CERT: cert,
    };
    expect(parseConfig([], env).lxd).toEqual({
      kind: 'url',
      url: 'https://10.0.0.2:8443',
      cert,
      key,
      serverCert: cert,
    });
  });

  it('treats empty environment variables as unset', () => {
    expect(
      parseConfig([], { CONSOLE_UI_DIR: ui, LXD_SOCKET: '/s', LXD_URL: '', CONSOLE_PORT: '' }).port,
    ).toBe(DEFAULT_PORT);
  });

  it('allows a remote address only with TLS and --allow-remote', () => {
    const base = ['--ui-dir', ui, '--lxd-socket', '/s', '--host', '0.0.0.0'];
    expect(errorOf(() => parseConfig(base, {}))).toBe(
      "refusing to listen on 0.0.0.0: the console acts with LXD's trust, so a non-loopback address needs --tls-cert, --tls-key and --allow-remote",
    );
    expect(errorOf(() => parseConfig([...base, '--allow-remote'], {}))).toMatch(
      /^refusing to listen on 0\.0\.0\.0/,
    );
    expect(errorOf(() => parseConfig([...base, '--tls-cert', cert, '--tls-key', key], {}))).toMatch(
      /^refusing/,
    );
    const ok = parseConfig(
      [...base, '--tls-cert', cert, '--tls-key', key, '--allow-remote', '--auth-users', users],
      {},
    );
    expect(ok).toMatchObject({ host: '0.0.0.0', allowRemote: true, tls: { cert, key } });
  });

  it.each([
    [
      ['--lxd-socket', '/s'],
      'no LXD given: use --lxd-socket PATH, or --lxd-url URL with --lxd-cert and --lxd-key',
      true,
    ],
    [
      ['--lxd-socket', '/s', '--lxd-url', 'https://x:1'],
      'give only one of --lxd-socket and --lxd-url',
      false,
    ],
    [
      ['--lxd-url', 'https://x:1', '--lxd-cert', 'c'],
      '--lxd-url needs a client certificate: give --lxd-cert and --lxd-key',
      false,
    ],
    [
      ['--lxd-url', 'http://x:1', '--lxd-cert', 'c', '--lxd-key', 'k'],
      '--lxd-url must look like https://host:8443, not "http://x:1"',
      false,
    ],
    [
      ['--lxd-url', 'nonsense', '--lxd-cert', 'c', '--lxd-key', 'k'],
      '--lxd-url is not a URL: "nonsense"',
      false,
    ],
    [
      ['--lxd-socket', '/s', '--port', 'http'],
      '--port must be a port number from 0 to 65535, not "http"',
      false,
    ],
    [
      ['--lxd-socket', '/s', '--port', '65536'],
      '--port must be a port number from 0 to 65535, not "65536"',
      false,
    ],
    [['--lxd-socket', '/s', '--tls-cert', 'x'], 'HTTPS needs both --tls-cert and --tls-key', false],
    [['--lxd-socket', '/s', '--verbose'], 'unknown option --verbose (see --help)', false],
    [['--lxd-socket', '/s', 'extra'], 'unexpected argument "extra" (see --help)', false],
    [['--lxd-socket'], 'option --lxd-socket needs a value', false],
    [['--host', '--lxd-socket', '/s'], 'option --host needs a value', false],
  ])('refuses %j with one clear line', (argv, message, dropSocket) => {
    const args = dropSocket ? argv.slice(2) : argv;
    expect(errorOf(() => parseConfig(['--ui-dir', ui, ...args], {}))).toBe(message);
  });

  it('names the environment variable for a bad CONSOLE_PORT', () => {
    expect(
      errorOf(() => parseConfig([], { CONSOLE_UI_DIR: ui, LXD_SOCKET: '/s', CONSOLE_PORT: '-1' })),
    ).toBe('CONSOLE_PORT must be a port number from 0 to 65535, not "-1"');
  });

  it('names each missing file', () => {
    const missing = path.join(tmp.dir, 'missing.pem');
    const url = ['--ui-dir', ui, '--lxd-url', 'https://127.0.0.1:8443'];
    expect(errorOf(() => parseConfig([...url, '--lxd-cert', missing, '--lxd-key', key], {}))).toBe(
      `LXD client certificate (--lxd-cert) not found: ${missing}`,
    );
    expect(errorOf(() => parseConfig([...url, '--lxd-cert', cert, '--lxd-key', missing], {}))).toBe(
      `LXD client key (--lxd-key) not found: ${missing}`,
    );
    expect(
      errorOf(() =>
        parseConfig(
          [...url, '--lxd-cert', cert, '--lxd-key', key, '--lxd-server-cert', missing],
          {},
        ),
      ),
    ).toBe(`LXD server certificate (--lxd-server-cert) not found: ${missing}`);
    expect(
      errorOf(() =>
        parseConfig(
          ['--lxd-socket', '/s', '--tls-cert', missing, '--tls-key', key, '--ui-dir', ui],
          {},
        ),
      ),
    ).toBe(`HTTPS certificate (--tls-cert) not found: ${missing}`);
    expect(errorOf(() => parseConfig(['--lxd-socket', '/s', '--ui-dir', tmp.dir], {}))).toBe(
      `console build (run \`npm run build\` or give --ui-dir) not found: ${path.join(tmp.dir, 'index.html')}`,
    );
  });
});

describe('validateConfig', () => {
  it('checks a config built in code too', () => {
    expect(() =>
      validateConfig({
        uiDir: ui,
        host: '127.0.0.1',
        port: 0,
        lxd: { kind: 'socket', path: '/s' },
      }),
    ).not.toThrow();
    expect(
      errorOf(() =>
        validateConfig({
          uiDir: ui,
          host: '192.168.1.5',
          port: 1,
          lxd: { kind: 'socket', path: '/s' },
        }),
      ),
    ).toMatch(/^refusing to listen on 192\.168\.1\.5/);
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});

describe('authentication, identities and audit settings', () => {
  const remote = [
    '--ui-dir',
    ui,
    '--lxd-socket',
    '/s',
    '--host',
    '0.0.0.0',
    '--allow-remote',
    '--tls-cert',
    cert,
    '--tls-key',
    key,
  ];
  const lxdUrl = [
    '--ui-dir',
    ui,
    '--lxd-url',
    'https://127.0.0.1:8443',
    '--lxd-cert',
    cert,
    '--lxd-key',
    key,
  ];
  const fingerprints = text(
    'fingerprints',
    `# browsers\n${'AB:'.repeat(31)}AB alice\n${'c'.repeat(64)} bob\n`,
  );

  it('refuses remote mode without an authentication method, in exactly one line', () => {
    expect(errorOf(() => parseConfig(remote, {}))).toBe(
      'remote mode needs an authentication method: give --auth-client-ca, --auth-client-fingerprints, --auth-users or --oidc-issuer',
    );
  });

  it('starts remote mode with any one authentication method, from a flag or the environment', () => {
    expect(parseConfig([...remote, '--auth-users', users], {}).auth).toEqual({ users });
    expect(parseConfig(remote, { CONSOLE_AUTH_CLIENT_FINGERPRINTS: fingerprints }).auth).toEqual({
      clientFingerprints: fingerprints,
    });
  });

  it('allows the --auth-* flags on loopback too', () => {
    const config = parseConfig(['--ui-dir', ui, '--lxd-socket', '/s', '--auth-users', users], {});
    expect(config.auth).toEqual({ users });
    expect(config.host).toBe('127.0.0.1');
  });

  it('keeps a plain loopback config without auth, identities or audit log', () => {
    const config = parseConfig(['--ui-dir', ui, '--lxd-socket', '/s'], {});
    expect(config.auth).toBeUndefined();
    expect(config.identities).toBeUndefined();
    expect(config.auditLog).toBeUndefined();
  });

  it('needs HTTPS for client certificates', () => {
    expect(
      errorOf(() =>
        parseConfig(
          ['--ui-dir', ui, '--lxd-socket', '/s', '--auth-client-fingerprints', fingerprints],
          {},
        ),
      ),
    ).toBe(
      'client certificates need HTTPS: give --tls-cert and --tls-key with --auth-client-ca or --auth-client-fingerprints',
    );
  });

  it('refuses --identities with --lxd-socket in one line', () => {
    expect(
      errorOf(() => parseConfig([...remote, '--auth-users', users, '--identities', users], {})),
    ).toBe(
      '--identities needs --lxd-url: over the unix socket LXD treats every request as root, so there is no certificate to choose per user',
    );
  });

  it('refuses --identities without an authentication method', () => {
    expect(errorOf(() => parseConfig([...lxdUrl, '--identities', users], {}))).toBe(
      '--identities maps signed-in users: give --auth-client-ca, --auth-client-fingerprints, --auth-users or --oidc-issuer too',
    );
  });

  it.each([
    [
      'users',
      'alice:plaintext\n',
      'auth-users',
      'users file %f line 1: expected "<user>:scrypt$<N>$<r>$<p>$<salt>$<hash>" (make one with npm run console:hash-password)',
    ],
    [
      'users',
      `# c\nalice:${HASH}\nalice:${HASH}\n`,
      'auth-users',
      'users file %f line 3: user "alice" is listed twice',
    ],
    [
      'users',
      `bob:scrypt$15$1$1$AAAA$${Buffer.alloc(32).toString('base64')}\n`,
      'auth-users',
      'users file %f line 1: expected "<user>:scrypt$<N>$<r>$<p>$<salt>$<hash>" (make one with npm run console:hash-password)',
    ],
    ['users', '# nobody\n', 'auth-users', 'users file %f lists no user'],
    [
      'fingerprints',
      `${'a'.repeat(64)} alice\n\nnot-hex bob\n`,
      'auth-client-fingerprints',
      'client fingerprints file %f line 3: expected "<sha256 fingerprint> <user name>"',
    ],
    [
      'fingerprints',
      `${'a'.repeat(63)} alice\n`,
      'auth-client-fingerprints',
      'client fingerprints file %f line 1: expected "<sha256 fingerprint> <user name>"',
    ],
    [
      'fingerprints',
      `${'a'.repeat(64)} alice\n${'A'.repeat(64)} bob\n`,
      'auth-client-fingerprints',
      'client fingerprints file %f line 2: this fingerprint is listed twice',
    ],
    ['ca', 'not a certificate\n', 'auth-client-ca', 'client CA file %f holds no PEM certificate'],
    [
      'ca',
      '# CA\n\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n',
      'auth-client-ca',
      'client CA file %f line 3: not a valid PEM certificate',
    ],
  ])('refuses an invalid %s file naming the file and line (%#)', (name, content, flag, message) => {
    const bad = text(`bad-${name}`, content);
    expect(errorOf(() => parseConfig([...remote, `--${flag}`, bad], {}))).toBe(
      message.replace('%f', bad),
    );
  });

  it('refuses a users file or HTTPS key that group or others may read, like ssh', () => {
    const open = text('users-0644', `alice:${HASH}\n`);
    chmodSync(open, 0o644);
    expect(errorOf(() => parseConfig([...remote, '--auth-users', open], {}))).toBe(
      `users file (--auth-users) ${open} is open to group or others (mode 0644): run chmod 600 ${open}`,
    );
    const groupKey = file('group.key');
    chmodSync(groupKey, 0o640);
    const withKey = remote.map((arg) => (arg === key ? groupKey : arg));
    expect(errorOf(() => parseConfig([...withKey, '--auth-users', users], {}))).toBe(
      `HTTPS key (--tls-key) ${groupKey} is open to group or others (mode 0640): run chmod 600 ${groupKey}`,
    );
    // 0600 (and 0400) are fine.
    chmodSync(open, 0o400);
    expect(parseConfig([...remote, '--auth-users', open], {}).auth).toEqual({ users: open });
  });

  it('names a missing authentication file', () => {
    const missing = path.join(tmp.dir, 'nope');
    expect(errorOf(() => parseConfig([...remote, '--auth-users', missing], {}))).toBe(
      `users file (--auth-users) not found: ${missing}`,
    );
    expect(errorOf(() => parseConfig([...remote, '--auth-client-ca', missing], {}))).toBe(
      `client CA file (--auth-client-ca) not found: ${missing}`,
    );
    expect(errorOf(() => parseConfig([...remote, '--auth-client-fingerprints', missing], {}))).toBe(
      `client fingerprints file (--auth-client-fingerprints) not found: ${missing}`,
    );
    expect(
      errorOf(() => parseConfig([...lxdUrl, '--auth-users', users, '--identities', missing], {})),
    ).toBe(`identities file (--identities) not found: ${missing}`);
  });

  it.each([
    ['{"users": {"alice": {"cert": "a.crt"}}', 'line 1: not valid JSON'],
    [
      '{\n  "users": {\n    "alice": {"cert": "a.crt"}\n  }\n}\n',
      'line 3: user "alice" needs {"cert": FILE, "key": FILE}',
    ],
    ['{\n  "users": {},\n  "default": "root"\n}\n', 'line 3: "default" must be "server" or "deny"'],
    [
      '{\n  "users": {\n    "alice": {"cert": "none.crt", "key": "none.key"}\n  }\n}\n',
      'line 3: certificate of "alice" not found: %d/none.crt',
    ],
    ['{"users": {}, "extra": 1}', 'line 1: unknown key "extra"'],
  ])('refuses an invalid identities file %j naming the file and line', (content, message) => {
    const bad = text('bad-identities.json', content);
    const error = errorOf(() =>
      parseConfig([...lxdUrl, '--auth-users', users, '--identities', bad], {}),
    );
    expect(error.startsWith(`identities file ${bad} ${message.replace('%d', tmp.dir)}`)).toBe(true);
  });

  it('reads the audit log settings and checks them', () => {
    const log = path.join(tmp.dir, 'audit.log');
    expect(
      parseConfig(['--ui-dir', ui, '--lxd-socket', '/s', '--audit-log', log], {}).auditLog,
    ).toEqual({ file: log, maxBytes: 10_000_000 });
    expect(
      parseConfig([], {
        CONSOLE_UI_DIR: ui,
        LXD_SOCKET: '/s',
        CONSOLE_AUDIT_LOG: log,
        CONSOLE_AUDIT_LOG_MAX_BYTES: '5000',
      }).auditLog,
    ).toEqual({ file: log, maxBytes: 5000 });
    const base = ['--ui-dir', ui, '--lxd-socket', '/s'];
    expect(errorOf(() => parseConfig([...base, '--audit-log-max-bytes', '10'], {}))).toBe(
      '--audit-log-max-bytes needs --audit-log FILE',
    );
    expect(
      errorOf(() =>
        parseConfig([...base, '--audit-log', log, '--audit-log-max-bytes', 'lots'], {}),
      ),
    ).toBe('--audit-log-max-bytes must be a number of bytes from 1 up, not "lots"');
    const nowhere = path.join(tmp.dir, 'no-dir', 'audit.log');
    expect(errorOf(() => parseConfig([...base, '--audit-log', nowhere], {}))).toBe(
      `audit log (--audit-log) directory not found: ${path.join(tmp.dir, 'no-dir')}`,
    );
  });
});
