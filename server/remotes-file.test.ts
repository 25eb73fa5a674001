/**
 * --remotes and --lxd-name: the remotes file (every refusal names the file and the line), and
 * the identities file's "remotes" sections checked against the remotes at start.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { identitiesOf, loadIdentities } from './identities-file';
import { loadRemotes, remoteTargets } from './remotes-file';
import { makeCert, type TestCert } from './testing/certs';
import { consoleErrorOf, tempDir, writeUiBuild } from './testing/fixtures';

const tmp = tempDir('console-remotes-file-');
const ui = writeUiBuild(tmp.dir);
let client: TestCert;
let pinned: TestCert;

beforeAll(() => {
  client = makeCert(tmp.dir, 'console');
  // other.key: a key that does not fit console.crt.
  makeCert(tmp.dir, 'other');
  pinned = makeCert(tmp.dir, 'incus-server');
}, 60_000);
afterAll(() => tmp.remove());

let count = 0;
function write(content: unknown): string {
  count += 1;
  const file = path.join(tmp.dir, `remotes-${count}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

const socketArgs = (file: string, ...more: string[]) => [
  '--ui-dir',
  ui,
  '--lxd-socket',
  '/run/lxd.socket',
  '--remotes',
  file,
  ...more,
];

/** The one-line refusal of a remotes file with this content. */
function refusal(content: unknown, ...more: string[]): { file: string; error: string } {
  const file = write(content);
  return { file, error: consoleErrorOf(() => parseConfig(socketArgs(file, ...more), {})) };
}

describe('the remotes file', () => {
  it('lists the default remote first, then the file in its order, paths relative to it', () => {
    const file = write({
      remotes: {
        incus: {
          url: 'https://10.0.0.2:8443',
          cert: 'console.crt',
          key: 'console.key',
          serverCert: 'incus-server.crt',
        },
        other: { socket: 'other/unix.socket' },
        'lxd-2': { url: 'https://[fd00::2]:8443', cert: client.certFile, key: client.keyFile },
      },
    });
    const config = parseConfig(socketArgs(file), {});
    expect(config.remotes).toBe(file);
    expect(remoteTargets(config)).toEqual([
      { name: 'local', isDefault: true, target: { kind: 'socket', path: '/run/lxd.socket' } },
      {
        name: 'incus',
        isDefault: false,
        target: {
          kind: 'url',
          url: 'https://10.0.0.2:8443',
          cert: client.certFile,
          key: client.keyFile,
          serverCert: pinned.certFile,
          serverCertFrom: '"serverCert" of remote "incus"',
        },
      },
      {
        name: 'other',
        isDefault: false,
        target: { kind: 'socket', path: path.join(tmp.dir, 'other', 'unix.socket') },
      },
      {
        name: 'lxd-2',
        isDefault: false,
        target: {
          kind: 'url',
          url: 'https://[fd00::2]:8443',
          cert: client.certFile,
          key: client.keyFile,
        },
      },
    ]);
  });

  it('names the default remote with --lxd-name or CONSOLE_LXD_NAME, and reads CONSOLE_REMOTES', () => {
    const file = write({ remotes: { local: { socket: '/other.socket' } } });
    const config = parseConfig(socketArgs(file, '--lxd-name', 'main'), {});
    expect(remoteTargets(config).map(({ name }) => name)).toEqual(['main', 'local']);
    const fromEnv = parseConfig([], {
      CONSOLE_UI_DIR: ui,
      LXD_SOCKET: '/s',
      CONSOLE_REMOTES: file,
      CONSOLE_LXD_NAME: 'lxd1',
    });
    expect(fromEnv).toMatchObject({ lxdName: 'lxd1', remotes: file });
    expect(loadRemotes(file, 'lxd1').map(({ name }) => name)).toEqual(['local']);
  });

  it('is one remote, "local", without --remotes', () => {
    const config = parseConfig(['--ui-dir', ui, '--lxd-socket', '/s'], {});
    expect(config.remotes).toBeUndefined();
    expect(config.lxdName).toBeUndefined();
    expect(remoteTargets(config)).toEqual([
      { name: 'local', isDefault: true, target: { kind: 'socket', path: '/s' } },
    ]);
  });

  it('refuses a bad --lxd-name and a missing file', () => {
    const file = write({ remotes: {} });
    expect(consoleErrorOf(() => parseConfig(socketArgs(file, '--lxd-name', 'My LXD'), {}))).toBe(
      '--lxd-name must be a remote name (lower-case letters, digits and "-", at most 63, starting with a letter or digit), not "My LXD"',
    );
    const missing = path.join(tmp.dir, 'none.json');
    expect(consoleErrorOf(() => parseConfig(socketArgs(missing), {}))).toBe(
      `remotes file (--remotes) not found: ${missing}`,
    );
  });

  it.each([
    ['{"remotes": {', /^line 1: not valid JSON \(/],
    [
      '[]',
      'line 1: expected {"remotes": {"<name>": {"url": URL, "cert": FILE, "key": FILE, "serverCert": FILE} or {"socket": PATH}}}',
    ],
    ['{\n  "remotes": {},\n  "extra": 1\n}', 'line 3: unknown key "extra"'],
    [
      '{\n  "remotes": {\n    "Incus": {"socket": "/s"}\n  }\n}',
      'line 3: "Incus" is not a remote name (lower-case letters, digits and "-", at most 63, starting with a letter or digit)',
    ],
    [
      `{"remotes": {"${'a'.repeat(64)}": {"socket": "/s"}}}`,
      /^line 1: "a{64}" is not a remote name/,
    ],
    ['{"remotes": {"-x": {"socket": "/s"}}}', /^line 1: "-x" is not a remote name/],
    [
      '{\n  "remotes": {\n    "local": {"socket": "/s"}\n  }\n}',
      'line 3: remote "local" is the name of the default remote (the LXD of --lxd-socket or --lxd-url; rename it with --lxd-name)',
    ],
    [
      '{\n  "remotes": {\n    "x": "/s"\n  }\n}',
      'line 3: remote "x" needs either {"url": URL, "cert": FILE, "key": FILE} or {"socket": PATH}',
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "socket": "/s",\n      "url": "https://h:1"\n    }\n  }\n}',
      'line 3: remote "x" needs either {"url": URL, "cert": FILE, "key": FILE} or {"socket": PATH}',
    ],
    [
      '{\n  "remotes": {\n    "x": {"socket": "/s"},\n    "y": {\n      "socket": "/s",\n      "certs": "c"\n    }\n  }\n}',
      'line 6: remote "y": unknown key "certs"',
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "socket": 1\n    }\n  }\n}',
      'line 4: remote "x": "socket" must be the path of a unix socket',
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "socket": "/s",\n      "key": "k"\n    }\n  }\n}',
      'line 5: remote "x": "key" goes with a "url", not with a "socket"',
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "url": "http://h:1",\n      "cert": "console.crt",\n      "key": "console.key"\n    }\n  }\n}',
      'line 4: remote "x": "url" must look like https://host:8443, not "http://h:1"',
    ],
    [
      '{"remotes": {"x": {"url": "https://h:1/1.0", "cert": "c", "key": "k"}}}',
      'line 1: remote "x": "url" must look like https://host:8443, not "https://h:1/1.0"',
    ],
    [
      '{"remotes": {"x": {"url": 8443, "cert": "c", "key": "k"}}}',
      'line 1: remote "x": "url" must look like https://host:8443, not 8443',
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "url": "https://h:1",\n      "cert": "console.crt"\n    }\n  }\n}',
      'line 3: remote "x" needs the client certificate the console server acts with there: {"url": URL, "cert": FILE, "key": FILE}',
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "url": "https://h:1",\n      "cert": "none.crt",\n      "key": "console.key"\n    }\n  }\n}',
      'line 5: certificate of "x" not found: %d/none.crt',
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "url": "https://h:1",\n      "cert": "console.crt",\n      "key": "other.key"\n    }\n  }\n}',
      /^line 5: certificate %d\/console\.crt and key %d\/other\.key of "x" do not fit together: /,
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "url": "https://h:1",\n      "cert": "console.crt",\n      "key": "console.key",\n      "serverCert": "none.crt"\n    }\n  }\n}',
      'line 7: server certificate of "x" not found: %d/none.crt',
    ],
    [
      '{\n  "remotes": {\n    "x": {\n      "url": "https://h:1",\n      "cert": "console.crt",\n      "key": "console.key",\n      "serverCert": "console.key"\n    }\n  }\n}',
      'line 7: server certificate %d/console.key of "x" is not a PEM certificate',
    ],
    [
      '{"remotes": {"x": {"url": "https://h:1", "cert": "console.crt", "key": "console.key", "serverCert": true}}}',
      'line 1: remote "x": "serverCert" must be a file name',
    ],
  ])('refuses %j, naming the file and the line', (content, message) => {
    const { file, error } = refusal(content);
    const prefix = `remotes file ${file} `;
    expect(error.startsWith(prefix)).toBe(true);
    const rest = error.slice(prefix.length);
    if (typeof message === 'string') expect(rest).toBe(message.replaceAll('%d', tmp.dir));
    else {
      const pattern = message.source.replaceAll(
        '%d',
        tmp.dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
      );
      expect(rest).toMatch(new RegExp(pattern));
    }
  });

  it('says when the file cannot be read', () => {
    expect(consoleErrorOf(() => loadRemotes(tmp.dir, 'local'))).toMatch(
      new RegExp(`^cannot read the remotes file ${tmp.dir}: EISDIR`),
    );
  });
});

describe('the identities file with remotes', () => {
  const users = path.join(tmp.dir, 'users');
  beforeAll(() => {
    writeFileSync(
      users,
      `alice:scrypt$16$1$1$${Buffer.alloc(16, 1).toString('base64')}$${Buffer.alloc(32, 2).toString('base64')}\n`,
      { mode: 0o600 },
    );
  });

  /** Arguments with a remotes file (incus over HTTPS, other on a socket) and these identities. */
  function identitiesArgs(identities: unknown, lxd: 'socket' | 'url' = 'url'): string[] {
    const remotes = write({
      remotes: {
        incus: { url: 'https://10.0.0.2:8443', cert: 'console.crt', key: 'console.key' },
        other: { socket: '/other.socket' },
      },
    });
    const target =
      lxd === 'socket'
        ? ['--lxd-socket', '/s']
        : [
            '--lxd-url',
            'https://127.0.0.1:8443',
            '--lxd-cert',
            client.certFile,
            '--lxd-key',
            client.keyFile,
          ];
    return [
      '--ui-dir',
      ui,
      ...target,
      '--auth-users',
      users,
      '--remotes',
      remotes,
      '--identities',
      write(identities),
    ];
  }

  function identitiesError(identities: unknown, lxd: 'socket' | 'url' = 'url'): string {
    const argv = identitiesArgs(identities, lxd);
    const error = consoleErrorOf(() => parseConfig(argv, {}));
    return error.replace(`identities file ${argv.at(-1) ?? ''} `, '');
  }

  it.each([
    [
      { users: {}, remotes: { lxd9: { default: 'deny' } } },
      'line 4: there is no remote "lxd9" (the remotes are local, incus, other)',
    ],
    [
      { users: {}, remotes: { local: { default: 'deny' } } },
      'line 4: "local" is the default remote: its identities are the top-level "users", "groups" and "default"',
    ],
    [
      {
        users: {},
        remotes: { other: { users: { bob: { cert: 'console.crt', key: 'console.key' } } } },
      },
      'line 4: remote "other" is a unix socket, where LXD treats every request as root: there is no certificate to choose per user (only "default" may be given)',
    ],
    [
      { users: {}, remotes: { incus: { users: {}, extra: 1 } } },
      'line 6: remote "incus": unknown key "extra"',
    ],
    [
      { users: {}, remotes: { incus: [] } },
      'line 4: remote "incus" needs {"users": {…}, "groups": {…}, "default": …}',
    ],
    [
      { users: {}, remotes: [] },
      'line 3: expected "remotes": {"<remote>": {"users": {…}, "groups": {…}, "default": …}}',
    ],
    [
      { users: {}, remotes: { incus: { default: 'root' } } },
      'line 5: "default" must be "server" or "deny"',
    ],
    [
      {
        users: { bob: { cert: 'console.crt', key: 'console.key' } },
        remotes: { incus: { users: { bob: { cert: 'none.crt', key: 'console.key' } } } },
      },
      'line 11: certificate of "bob" not found: %d/none.crt',
    ],
  ])('refuses %j naming the file and the line', (identities, message) => {
    expect(identitiesError(identities)).toBe(message.replace('%d', tmp.dir));
  });

  it('accepts sections of the other remotes, and a socket default without users of its own', () => {
    const ok = {
      users: {},
      default: 'deny',
      remotes: {
        incus: { users: { bob: { cert: 'console.crt', key: 'console.key' } } },
        other: { default: 'server' },
      },
    };
    expect(() => parseConfig(identitiesArgs(ok), {})).not.toThrow();
    const socketDefault = { users: {}, default: 'deny', remotes: { incus: { default: 'server' } } };
    expect(() => parseConfig(identitiesArgs(socketDefault, 'socket'), {})).not.toThrow();
    expect(
      identitiesError({ users: { bob: { cert: 'console.crt', key: 'console.key' } } }, 'socket'),
    ).toBe(
      '--identities needs --lxd-url: over the unix socket LXD treats every request as root, so there is no certificate to choose per user',
    );
  });
});

describe('the identities of each remote', () => {
  it('are the top level for the default remote, else its section or none, with the top default', () => {
    const pair = { cert: 'console.crt', key: 'console.key' };
    const file = loadIdentities(
      write({
        users: { alice: pair },
        default: 'deny',
        remotes: { incus: { users: { bob: pair } }, open: { default: 'server' } },
      }),
    );
    const summary = (name: string, isDefault = false) => {
      const set = identitiesOf(file, name, isDefault);
      return set && { users: [...set.users.keys()], default: set.default };
    };
    expect(summary('local', true)).toEqual({ users: ['alice'], default: 'deny' });
    // A section without "default" takes the top one: "deny" stays deny everywhere.
    expect(summary('incus')).toEqual({ users: ['bob'], default: 'deny' });
    expect(summary('open')).toEqual({ users: [], default: 'server' });
    expect(summary('other')).toEqual({ users: [], default: 'deny' });
    expect(identitiesOf(file, 'incus', false)?.users.get('bob')).toEqual({
      cert: client.certFile,
      key: client.keyFile,
    });
    expect(identitiesOf(undefined, 'incus', false)).toBeUndefined();
  });
});
