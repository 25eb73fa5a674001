import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../testing/render';
import { SideNav } from './SideNav';

/** Stubs fetch: /console/session answers `status` with `body`; anything else is a 404. */
function fakeConsoleServer(status: number, body: unknown) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      url === '/console/session'
        ? new Response(JSON.stringify(body), {
            status,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response('', { status: 404 }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function footer() {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  return within(nav).getByRole('list', { name: 'Help and account' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Sign out of a console server password session', () => {
  it('is a form POST to /console/logout in the footer when the session is a password one', async () => {
    const fetch = fakeConsoleServer(200, { user: 'alice', method: 'password' });
    renderSignedIn(<SideNav onNavigate={() => undefined} />);
    const button = await within(footer()).findByRole('button', { name: 'Sign out' });
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/console/logout');
    expect(button.closest('li')?.parentElement).toBe(footer());
    expect(fetch).toHaveBeenCalledWith('/console/session', expect.anything());
  });

  it("is there for the console server's single sign-on too", async () => {
    fakeConsoleServer(200, { user: 'dana@example.com', method: 'oidc' });
    renderSignedIn(<SideNav onNavigate={() => undefined} />);
    const button = await within(footer()).findByRole('button', { name: 'Sign out' });
    expect(button.closest('form')).toHaveAttribute('action', '/console/logout');
  });

  it('is not there when /console/session answers 404 (LXD serves the console)', async () => {
    const fetch = fakeConsoleServer(404, {
      type: 'error',
      error: 'not found',
      error_code: 404,
    });
    renderSignedIn(<SideNav onNavigate={() => undefined} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    // Let the answer settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(footer()).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(footer()).getByRole('link', { name: 'Documentation' })).toBeInTheDocument();
  });

  it('is not there for a client certificate, which has nothing to sign out of', async () => {
    const fetch = fakeConsoleServer(200, { user: 'carol', method: 'certificate' });
    renderSignedIn(<SideNav onNavigate={() => undefined} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(footer()).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});
