/** Page-test helpers of the certificates view: a trust store over fetch and an admin. */
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { LxdCertificate } from '../../../lxd/types/certificate';
import { EC_UTC_TIME, RSA_GENERALIZED_TIME } from '../../../lxd/testing/pem-fixtures';
import { serverQuery } from '../../../shared/query/server';
import { testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { CertificateListPage } from './pages/CertificateListPage';

export const ADMIN_FP = 'c5f7398118fe034075007a67b40d32f38ed78ef37c0a00c0037c61cc9c924d58';
export const LAPTOP_FP = '191cafc495f9b7b6e70fbe59ddb2387c5e728dbc682517343d64a8554bbb5e44';
export const METRICS_FP = '5e1ec7ed0000aaaabbbbccccddddeeeeffff00001111222233334444555566667';

export const admin: LxdCertificate = {
  name: 'console-admin',
  type: 'client',
  restricted: false,
  projects: [],
  certificate: EC_UTC_TIME,
  fingerprint: ADMIN_FP,
};
export const laptop: LxdCertificate = {
  name: 'laptop',
  type: 'client',
  restricted: true,
  projects: ['team'],
  certificate: RSA_GENERALIZED_TIME,
  fingerprint: LAPTOP_FP,
};
export const metrics: LxdCertificate = {
  name: 'prometheus',
  type: 'metrics',
  restricted: false,
  projects: null,
  certificate: 'not a certificate',
  fingerprint: METRICS_FP,
};

export const tokenOperation = {
  id: 'op-1',
  class: 'token',
  created_at: '2026-11-24T21:07:16Z',
  status: 'Running',
  status_code: 103,
  metadata: {
    addresses: ['127.0.0.1:18443'],
    fingerprint: '9e49910f3a14fd4f67c4ef143774d7887f1ae473dbf1faf2fd6fa1d06c617f74',
    request: { name: 'ci-runner', type: 'client', restricted: true, projects: ['team'] },
    secret: 'the-secret',
    expiresAt: '2026-11-25T21:07:16Z',
  },
};

/** An admin on a server that names its caller (auth_user), projects default and team. */
export const adminAuth = () =>
  testAuth({
    server: testServer({
      api_extensions: ['auth_user'],
      auth_user_method: 'tls',
      auth_user_name: ADMIN_FP,
      environment: { server_version: '5.0.3', server_clustered: false, server_name: 'Lab Host' },
    }),
    projects: [
      { name: 'default', description: '', config: {} },
      { name: 'team', description: '', config: {} },
    ],
  });

export type Answer = ReturnType<Parameters<typeof fakeLxd>[0]>;

/** The trust store over fetch: lists, tokens and whatever `more` answers. */
export function serve(
  more: (call: FakeCall) => Answer = () => undefined,
  tokens = [tokenOperation],
) {
  return fakeLxd((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url === '/1.0/certificates?recursion=1') {
      return { metadata: [admin, laptop, metrics] };
    }
    if (call.method === 'GET' && call.url === '/1.0/operations?recursion=1') {
      return { metadata: { running: tokens } };
    }
    return undefined;
  });
}

/** Stands in for the app shell, which watches GET /1.0. */
export function SignInWatcher() {
  useQuery(serverQuery);
  return null;
}

export const open = (entry = '/permissions/certificates', auth = adminAuth()) =>
  renderAt('/permissions/certificates', <CertificateListPage />, entry, auth);

export const table = () => screen.findByRole('table', { name: 'Certificates' });
export const row = async (name: string) =>
  (await within(await table()).findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest(
    'tr',
  ) as HTMLElement;
