import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStreamProvider, type LifecycleEvent } from '../../../shared/events';
import { activityFeature } from '../../activity';
import { renderAt } from '../../../testing/fake-lxd';
import { testInstance } from '../testing/fixtures';
import { InstanceDetailPage } from './InstanceDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = (id: string, action: string, resource: string, name: string) => ({
  id,
  time: '2026-05-01T12:00:00Z',
  kind: 'lifecycle',
  action,
  outcome: 'success',
  remote: 'local',
  project: 'p1',
  resourceType: 'instance',
  resource,
  name,
  user: 'alice',
  protocol: 'tls',
  address: '',
  consoleUser: null,
  viaConsole: false,
  message: '',
  until: null,
});

/** LXD with instance c1 in project p1, and a console server (or none: `journal` false). */
function open(journal: boolean) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const json = (status: number, body: unknown) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      const lxd = (metadata: unknown) => json(200, { type: 'sync', status_code: 200, metadata });
      const notFound = () => json(404, { type: 'error', error: 'not found', error_code: 404 });
      if (url.startsWith('/console/remotes')) {
        return journal
          ? json(200, {
              remotes: [{ name: 'local', default: true, url: 'unix://', state: 'online' }],
            })
          : notFound();
      }
      if (url.startsWith('/console/activity')) {
        if (!journal) return notFound();
        const after = new URL(url, 'http://x').searchParams.has('after');
        return json(200, {
          entries: after
            ? []
            : [
                entry(
                  '2',
                  'instance-snapshot-created',
                  '/1.0/instances/c1/snapshots/s0?project=p1',
                  'c1/s0',
                ),
                entry('1', 'instance-started', '/1.0/instances/c1?project=p1', 'c1'),
              ],
          more: false,
          journal: { state: 'ok', pending: 0, message: '' },
        });
      }
      if (url.startsWith('/1.0/instances/c1?')) {
        return lxd(testInstance({ project: 'p1', profiles: [] }));
      }
      if (url.startsWith('/1.0/instances/c1/state')) return lxd({ status: 'Stopped' });
      return lxd([]);
    }),
  );
  renderAt(
    '/project/:project/instance/:name/:activeTab?',
    <EventStreamProvider
      enabled={false}
      config={{ invalidations: [], operationQueryKeys: () => [] }}
    >
      <InstanceDetailPage />
    </EventStreamProvider>,
    '/project/p1/instance/c1/history',
  );
  return calls;
}

describe('an instance’s History tab', () => {
  it('asks the journal for the instance and what is below it, in its project, on its remote', async () => {
    const calls = open(true);
    expect(await screen.findByRole('tab', { name: 'History' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = await screen.findByRole('table', { name: 'History' });
    const activity = calls
      .filter((url) => url.startsWith('/console/activity?'))
      .map((url) => new URL(url, 'http://x').searchParams);
    expect(Object.fromEntries(activity[0] ?? [])).toEqual({
      resource: '/1.0/instances/c1',
      project: 'p1',
      remote: 'local',
      limit: '100',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // No Resource column: a snapshot's row names the snapshot beside its action.
    expect(within(table).queryByRole('columnheader', { name: 'Resource' })).toBeNull();
    expect(rows[1]).toHaveTextContent('instance-snapshot-created c1/s0');
    expect(screen.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Open in Activity' })).toHaveAttribute(
      'href',
      '/activity?project=p1&remote=local&resource=%2F1.0%2Finstances%2Fc1',
    );
  });

  it('shows this tab’s events of the instance when LXD serves the console', async () => {
    open(false);
    // What the app's event stream does with each lifecycle event.
    const record = (event: LifecycleEvent) => {
      for (const invalidation of activityFeature.invalidations ?? []) invalidation.apply?.(event);
    };
    await screen.findByRole('tab', { name: 'History' });
    expect(
      await screen.findByText(
        'History needs the console server: this page shows only what happened since this tab was opened.',
      ),
    ).toHaveAttribute('role', 'note');
    act(() => {
      record({
        type: 'lifecycle',
        timestamp: '2026-05-01T12:00:00Z',
        project: 'p1',
        metadata: {
          action: 'instance-stopped',
          source: '/1.0/instances/c1?project=p1',
          requestor: { username: 'bob' },
        },
      });
      record({
        type: 'lifecycle',
        timestamp: '2026-05-01T12:00:01Z',
        project: 'p1',
        metadata: { action: 'instance-stopped', source: '/1.0/instances/c10?project=p1' },
      });
    });
    const table = await screen.findByRole('table', { name: 'History' });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('bob');
  });
});
