import { afterEach, describe, expect, it, vi } from 'vitest';
import { LxdApiError } from '../../lxd/client';
import {
  ADMIN_TOKEN_COMMAND,
  MESSAGES,
  adminTokenCommand,
  chooseEnrolment,
  describeEnrolError,
  enrolMessages,
  EXT_ACCESS_MANAGEMENT_TLS,
  EXT_EXPLICIT_TRUST_TOKEN,
} from './enrol';
import { redeemTrustToken } from './redeem';
import { ZERO_DATE } from './token';

const plain = { secret: 's', expires_at: ZERO_DATE };
const typed = { ...plain, type: 'Client certificate (pending)' };
const lxd50 = { api_extensions: ['certificate_token', 'devlxd_events'] };
const lxd521 = { api_extensions: ['certificate_token', EXT_EXPLICIT_TRUST_TOKEN] };
const lxd6 = {
  api_extensions: ['certificate_token', EXT_EXPLICIT_TRUST_TOKEN, EXT_ACCESS_MANAGEMENT_TLS],
};
const incus = { api_extensions: ['certificate_token', 'dev_incus_events'] };

describe('chooseEnrolment', () => {
  it('LXD 5.0 (certificate_token only): the token goes in password', () => {
    expect(chooseEnrolment(lxd50, plain, 'TOKEN')).toEqual({
      path: '/1.0/certificates',
      body: { type: 'client', password: 'TOKEN' },
    });
  });

  it('explicit_trust_token: the token goes in trust_token', () => {
    expect(chooseEnrolment(lxd521, plain, 'TOKEN')).toEqual({
      path: '/1.0/certificates',
      body: { type: 'client', trust_token: 'TOKEN' },
    });
  });

  it('access_management_tls with a typed token: POST /1.0/auth/identities/tls', () => {
    expect(chooseEnrolment(lxd6, typed, 'TOKEN')).toEqual({
      path: '/1.0/auth/identities/tls',
      body: { trust_token: 'TOKEN' },
    });
  });

  it('access_management_tls with a certificate token: still /1.0/certificates', () => {
    expect(chooseEnrolment(lxd6, plain, 'TOKEN').path).toBe('/1.0/certificates');
  });

  it('a typed token on a server without access_management_tls falls back by extension', () => {
    expect(chooseEnrolment(lxd521, typed, 'TOKEN').body).toEqual({
      type: 'client',
      trust_token: 'TOKEN',
    });
    expect(chooseEnrolment(lxd50, typed, 'TOKEN').body).toEqual({
      type: 'client',
      password: 'TOKEN',
    });
  });

  it('Incus takes trust_token without listing explicit_trust_token', () => {
    expect(chooseEnrolment(incus, plain, 'TOKEN').body).toEqual({
      type: 'client',
      trust_token: 'TOKEN',
    });
  });
});

describe('redeemTrustToken', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the trimmed token as JSON to the chosen endpoint', async () => {
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(new Response('{"type":"sync","metadata":{}}', { status: 201 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const token = btoa(JSON.stringify(plain));
    await redeemTrustToken(lxd50, `\n  ${token}  \n`);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/1.0/certificates');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ type: 'client', password: token });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });
});

describe('describeEnrolError', () => {
  const now = new Date('2025-06-01T12:00:00Z');

  it('400 No client certificate provided: import the certificate from step 1 first', () => {
    const error = new LxdApiError('No client certificate provided', 400);
    expect(describeEnrolError(error, plain, now)).toEqual({
      kind: 'no-certificate',
      message:
        'Your browser did not present a client certificate. Import the certificate from step 1 into your browser first, then restart the browser and try again.',
    });
  });

  it.each(['not authorized', 'No matching certificate add operation found'])(
    '403 %s: already used or wrong, ask for a new one',
    (text) => {
      const view = describeEnrolError(new LxdApiError(text, 403), plain, now);
      expect(view.kind).toBe('rejected');
      expect(view.message).toBe(
        'This token was already used or is wrong. Ask the server administrator for a new one (lxc config trust add --name <name>).',
      );
      expect(view.message).toContain(ADMIN_TOKEN_COMMAND);
    },
  );

  it('an expiry date in the past: the token has expired', () => {
    const expired = { ...plain, expires_at: '2025-05-31T08:30:00Z' };
    const view = describeEnrolError(new LxdApiError('not authorized', 403), expired, now);
    expect(view).toEqual({
      kind: 'expired',
      message:
        'This token expired on 2025-05-31 08:30:00 UTC. Ask the server administrator for a new one (lxc config trust add --name <name>).',
    });
  });

  it('the zero date never expires', () => {
    const view = describeEnrolError(new LxdApiError('not authorized', 403), plain, now);
    expect(view.kind).toBe('rejected');
  });

  it('other answers show LXD’s own text', () => {
    const error = new LxdApiError('TLS Identity token detected', 400);
    expect(describeEnrolError(error, plain, now)).toEqual({
      kind: 'other',
      message: 'TLS Identity token detected',
    });
  });

  it('a network failure says the server could not be reached', () => {
    const view = describeEnrolError(new TypeError('Failed to fetch'), plain, now);
    expect(view).toEqual({ kind: 'unreachable', message: MESSAGES.unreachable('Failed to fetch') });
  });
});

describe('the token command of each product', () => {
  it('LXD: lxc config trust add --name <name>, as before', () => {
    expect(ADMIN_TOKEN_COMMAND).toBe('lxc config trust add --name <name>');
    expect(adminTokenCommand()).toBe(ADMIN_TOKEN_COMMAND);
    expect(adminTokenCommand('lxc')).toBe(ADMIN_TOKEN_COMMAND);
    const messages = enrolMessages('lxc');
    expect(messages.rejected).toBe(MESSAGES.rejected);
    expect(messages.expired('then')).toBe(MESSAGES.expired('then'));
    expect(MESSAGES.invalidToken).toBe(
      'This is not a trust token. Paste the whole token, exactly as printed by lxc config trust add.',
    );
  });

  it('Incus takes the name as an argument: incus config trust add <name>', () => {
    expect(adminTokenCommand('incus')).toBe('incus config trust add <name>');
    const messages = enrolMessages('incus');
    expect(messages.invalidToken).toBe(
      'This is not a trust token. Paste the whole token, exactly as printed by incus config trust add.',
    );
    expect(messages.emptyToken).toBe(MESSAGES.emptyToken);
    expect(messages.noCertificate).toBe(MESSAGES.noCertificate);
  });

  it('Incus: a used or expired token asks for a new one with the incus command', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const rejected = describeEnrolError(
      new LxdApiError('not authorized', 403),
      plain,
      now,
      'incus',
    );
    expect(rejected).toEqual({
      kind: 'rejected',
      message:
        'This token was already used or is wrong. Ask the server administrator for a new one (incus config trust add <name>).',
    });
    const expired = { ...plain, expires_at: '2025-05-31T08:30:00Z' };
    expect(
      describeEnrolError(new LxdApiError('not authorized', 403), expired, now, 'incus'),
    ).toEqual({
      kind: 'expired',
      message:
        'This token expired on 2025-05-31 08:30:00 UTC. Ask the server administrator for a new one (incus config trust add <name>).',
    });
    expect(
      describeEnrolError(new LxdApiError('not authorized', 403), plain, now, 'incus').message,
    ).not.toContain('lxc');
  });
});
