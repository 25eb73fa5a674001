import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LxdIdentity } from '../../lxd/types/identity';
import { NotificationProvider } from '../../shared/notifications';
import { createMemoryRouter, RouterProvider } from '../../shared/routing/router';
import { fakeLxd, type FakeAnswer } from '../../testing/fake-lxd';
import { testServer } from '../../testing/render';
import { AuthGate } from './AuthGate';
import { SideNav } from './SideNav';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FINGERPRINT = 'f'.repeat(64);

/** A TLS client of a server with `extensions`; its projects include `default`. */
function signIn(
  extensions: string[],
  answers: { identity?: FakeAnswer; certificate?: FakeAnswer } = {},
) {
  const calls = fakeLxd(({ url }) => {
    if (url.startsWith('/1.0?') || url === '/1.0') {
      return {
        metadata: testServer({
          api_extensions: extensions,
          auth_user_method: 'tls',
          auth_user_name: FINGERPRINT,
        }),
      };
    }
    if (url.startsWith('/1.0/projects?')) {
      return { metadata: [{ name: 'default', description: '', config: {}, used_by: [] }] };
    }
    if (url.startsWith('/1.0/auth/identities/current')) return answers.identity;
    if (url.startsWith(`/1.0/certificates/${FINGERPRINT}`)) return answers.certificate;
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        element: <AuthGate />,
        children: [{ path: '*', element: <SideNav onNavigate={() => undefined} /> }],
      },
    ],
    { initialEntries: ['/project/default/instances'] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <NotificationProvider>
        <RouterProvider router={router} />
      </NotificationProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const identity = (type: string): FakeAnswer => ({
  metadata: {
    id: FINGERPRINT,
    name: 'limited',
    authentication_method: 'tls',
    type,
    groups: [],
  } satisfies LxdIdentity,
});

const certificate = (restricted: boolean): FakeAnswer => ({
  metadata: {
    name: 'limited',
    type: 'client',
    fingerprint: FINGERPRINT,
    certificate: '',
    restricted,
    projects: restricted ? ['default'] : [],
  },
});

async function navigation() {
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

describe('a TLS client signing in', () => {
  it('restricted to the default project of LXD 5.21+ is not offered Warnings', async () => {
    const calls = signIn(['access_management'], {
      identity: identity('Client certificate (restricted)'),
    });
    const nav = await navigation();
    expect(within(nav).getByRole('link', { name: 'Operations' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Warnings' })).toBeNull();
    // The identity's type says it: the certificate is not asked for.
    expect(calls.some((call) => call.url.startsWith('/1.0/certificates/'))).toBe(false);
  });

  it('unrestricted on LXD 5.21+ is offered Warnings', async () => {
    signIn(['access_management'], { identity: identity('Client certificate (unrestricted)') });
    expect(within(await navigation()).getByRole('link', { name: 'Warnings' })).toBeInTheDocument();
  });

  it('restricted, on a server whose current identity does not answer, is not offered Warnings', async () => {
    signIn(['access_management'], {
      identity: { status: 500, error: 'boom' },
      certificate: certificate(true),
    });
    const nav = await navigation();
    expect(within(nav).getByRole('link', { name: 'Operations' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Warnings' })).toBeNull();
  });

  it('restricted on LXD 5.0 (no identities: its certificate says) is not offered Warnings', async () => {
    signIn([], { certificate: certificate(true) });
    const nav = await navigation();
    expect(within(nav).getByRole('link', { name: 'Operations' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Warnings' })).toBeNull();
  });
});
