import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../testing/fake-lxd';
import { ProjectHistoryPage } from './pages/ProjectHistoryPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a project’s History', () => {
  it('asks the journal for the project only, and names each entry’s resource', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        calls.push(url);
        const body = url.startsWith('/console/remotes')
          ? { remotes: [{ name: 'local', default: true, url: '', state: 'online' }] }
          : {
              entries: [
                {
                  id: '1',
                  time: '2026-05-01T12:00:00Z',
                  kind: 'lifecycle',
                  action: 'profile-created',
                  outcome: 'success',
                  remote: 'local',
                  project: 'p1',
                  resourceType: 'profile',
                  resource: '/1.0/profiles/web?project=p1',
                  name: 'web',
                  user: 'alice',
                  viaConsole: false,
                  consoleUser: null,
                },
              ],
              more: false,
              journal: { state: 'ok', pending: 0, message: '' },
            };
        return Promise.resolve(new Response(JSON.stringify(body)));
      }),
    );
    renderAt('/project/:project/history', <ProjectHistoryPage />, '/project/p1/history');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Project history p1' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Project history' });
    const asked = calls
      .filter((url) => url.startsWith('/console/activity?'))
      .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
    expect(asked[0]).toEqual({ project: 'p1', remote: 'local', limit: '100' });
    expect(within(table).getByRole('link', { name: 'web' })).toHaveAttribute(
      'href',
      '/project/p1/profile/web',
    );
  });
});
