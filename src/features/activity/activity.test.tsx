import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../testing/fake-lxd';
import type { ActivityEntry } from './api';
import { NEEDS_CONSOLE_SERVER } from './components/ActivityFeedView';
import { activityInvalidation, resetSessionEvents } from './events';
import { SINCE_AFTER_UNTIL, invalidTime } from './filters';
import { ActivityPage } from './pages/ActivityPage';
import { activityEntry, fakeConsoleServer, page, type ActivityAnswer } from './testing';

function open(entry = '/activity') {
  return renderAt('/activity', <ActivityPage />, entry);
}

const location = () => screen.getByTestId('location').textContent;
const table = () => screen.findByRole('table', { name: 'Activity' });
const rowsOf = (element: HTMLElement) => within(element).getAllByRole('row').slice(1);

beforeEach(() => {
  resetSessionEvents();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Activity page', () => {
  it('reads its filters from the address, asks for them, and writes new ones there', async () => {
    const server = fakeConsoleServer(() => page([activityEntry()]));
    open(
      '/activity?user=alice&type=instance&project=p1&since=2026-05-01T12:00:00Z&until=2026-05-02T00:00:00Z',
    );
    await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'Activity filters' });
    expect(within(filters).getByRole('textbox', { name: 'User' })).toHaveValue('alice');
    expect(within(filters).getByRole('combobox', { name: 'Resource type' })).toHaveValue(
      'instance',
    );
    expect(within(filters).getByRole('textbox', { name: 'Project' })).toHaveValue('p1');
    expect(within(filters).getByRole('combobox', { name: 'Remote' })).toHaveValue('');
    expect(within(filters).getByRole('textbox', { name: 'From' })).toHaveValue(
      '2026-05-01T12:00:00Z',
    );
    const [request] = server.activity();
    expect(Object.fromEntries(request ?? [])).toEqual({
      user: 'alice',
      type: 'instance',
      project: 'p1',
      since: '2026-05-01T12:00:00.000Z',
      until: '2026-05-02T00:00:00.000Z',
      limit: '100',
    });

    const user = userEvent.setup();
    await user.clear(within(filters).getByRole('textbox', { name: 'User' }));
    await user.type(within(filters).getByRole('textbox', { name: 'Action' }), 'instance-deleted');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Remote' }), 'local');
    await user.clear(within(filters).getByRole('textbox', { name: 'To' }));
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    expect(location()).toBe(
      '/activity?action=instance-deleted&type=instance&project=p1&remote=local&since=2026-05-01T12%3A00%3A00.000Z',
    );
    await waitFor(() => {
      const pages = server.activity().filter((params) => !params.has('after'));
      expect(Object.fromEntries(pages.at(-1) ?? [])).toEqual({
        action: 'instance-deleted',
        type: 'instance',
        project: 'p1',
        remote: 'local',
        since: '2026-05-01T12:00:00.000Z',
        limit: '100',
      });
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/activity');
  });

  it('shows the server’s refusal of a filter next to that field, not an empty page', async () => {
    fakeConsoleServer((params) =>
      params.has('since')
        ? {
            status: 400,
            body: {
              type: 'error',
              error_code: 400,
              error: 'since is later than the newest entry the journal may hold',
              metadata: { field: 'since' },
            },
          }
        : page([activityEntry()]),
    );
    open('/activity?since=2030-01-01T00:00:00Z');
    const from = screen.getByRole('textbox', { name: 'From' });
    await waitFor(() => {
      expect(from).toHaveAccessibleDescription(
        'since is later than the newest entry the journal may hold',
      );
    });
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('No activity found')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Change the filters to see the activity.');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('checks the filters itself: bad times from the address get their message, and no request', async () => {
    const server = fakeConsoleServer(() => page([activityEntry()]));
    open('/activity?since=yesterday&until=2026-05-01T00:00:00Z');
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveAccessibleDescription(invalidTime('From'));
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('note')).toHaveTextContent('Fix the filters to see the activity.');

    const user = userEvent.setup();
    await user.clear(from);
    await user.type(from, '2026-05-02 10:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(from).toHaveAccessibleDescription(SINCE_AFTER_UNTIL);
    expect(from).toHaveFocus();
    expect(location()).toBe('/activity?since=yesterday&until=2026-05-01T00:00:00Z');
    // The remotes only: nothing was asked of the journal.
    await screen.findByRole('option', { name: 'local' });
    expect(server.activity()).toEqual([]);
  });

  it('loads older entries with "Load more", asking before the oldest shown', async () => {
    const older = Array.from({ length: 3 }, (_, i) =>
      activityEntry({ id: String(3 - i), name: `old${String(3 - i)}` }),
    );
    const server = fakeConsoleServer((params) => {
      if (params.get('before') === '4') return page(older, false);
      return params.has('after')
        ? page([])
        : page([activityEntry({ id: '5' }), activityEntry({ id: '4' })], true);
    });
    open();
    const activity = await table();
    expect(rowsOf(activity)).toHaveLength(2);
    expect(
      screen.getByText('2 entries shown, newest first; older ones follow.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(rowsOf(activity)).toHaveLength(5);
    });
    expect(server.activity().some((params) => params.get('before') === '4')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('5 entries shown, newest first.')).toBeInTheDocument();
  });

  it('follows new entries while Live is pressed, newest first, and stops when it is not', async () => {
    let fresh: ActivityEntry[] = [];
    const server = fakeConsoleServer((params) => {
      if (params.get('after') === '1') return page(fresh);
      if (params.has('after')) return page([]);
      return page([activityEntry({ id: '1', name: 'c1' })]);
    });
    open();
    const activity = await table();
    const live = screen.getByRole('button', { name: 'Live' });
    expect(live).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Live: new entries appear as they happen.')).toHaveAttribute(
      'role',
      'status',
    );
    fresh = [activityEntry({ id: '2', name: 'c2', action: 'instance-created' })];
    await waitFor(() => {
      expect(rowsOf(activity)).toHaveLength(2);
    });
    expect(rowsOf(activity)[0]).toHaveTextContent('instance-created');
    expect(server.activity().some((params) => params.get('after') === '1')).toBe(true);

    await userEvent.click(live);
    expect(live).toHaveAttribute('aria-pressed', 'false');
    expect(
      screen.getByText('Paused: new entries are not shown until you turn Live on again.'),
    ).toBeInTheDocument();
    const asked = server.activity().length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(server.activity()).toHaveLength(asked);
  });

  it('is not live with an end time', async () => {
    const server = fakeConsoleServer(() => page([activityEntry()]));
    open('/activity?until=2026-05-02T00:00:00Z');
    await table();
    expect(screen.getByRole('button', { name: 'Live' })).toBeDisabled();
    expect(screen.getByText('Not live: the entries end at the To time.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(server.activity().filter((params) => params.has('after'))).toEqual([]);
  });

  it('says so while the journal is behind its database', async () => {
    fakeConsoleServer(() =>
      page([activityEntry()], false, {
        state: 'behind',
        pending: 12,
        message: 'The activity database cannot be reached: 12 entries wait to be written.',
      }),
    );
    open();
    await table();
    expect(
      screen
        .getAllByRole('status')
        .some(
          (status) =>
            status.textContent ===
            'The activity database cannot be reached: 12 entries wait to be written.',
        ),
    ).toBe(true);
  });

  it('offers the entries the filters select as CSV and JSON Lines', async () => {
    fakeConsoleServer(() => page([activityEntry()]));
    open('/activity?user=alice&project=p1&since=2026-05-01T12:00:00Z');
    await table();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/console/activity/export?format=csv&user=alice&project=p1&since=2026-05-01T12%3A00%3A00.000Z',
    );
    expect(screen.getByRole('link', { name: 'Export JSON Lines' })).toHaveAttribute(
      'href',
      '/console/activity/export?format=jsonl&user=alice&project=p1&since=2026-05-01T12%3A00%3A00.000Z',
    );
  });

  it('shows who, what, where and how it went; links what still exists; a gap across the table', async () => {
    fakeConsoleServer(
      () =>
        page([
          activityEntry({
            id: '5',
            user: 'console-server',
            consoleUser: 'alice',
            viaConsole: true,
            resource: '/1.0/instances/web?project=p1',
            name: 'web',
            project: 'p1',
          }),
          activityEntry({
            id: '4',
            action: 'profile-updated',
            resourceType: 'profile',
            resource: '/1.0/profiles/big',
            name: 'big',
            remote: 'other',
            user: 'a'.repeat(64),
          }),
          activityEntry({
            id: '3',
            action: 'instance-deleted',
            name: 'gone',
            identity: 'ops-cert',
            user: 'b'.repeat(64),
          }),
          activityEntry({
            id: '2',
            kind: 'gap',
            outcome: 'gap',
            action: '',
            resource: '',
            name: '',
            message: 'events may be missing between 10:00 and 10:05',
          }),
          activityEntry({
            id: '1',
            outcome: 'failure',
            action: 'instance-started',
            message: 'Failed to start: no space left',
            user: '',
            viaConsole: true,
          }),
        ]),
      [
        { name: 'local', default: true },
        { name: 'other', default: false },
      ],
    );
    open();
    const activity = await table();
    const rows = rowsOf(activity);
    const row = (index: number) => {
      const found = rows[index];
      if (!found) throw new Error(`no row ${String(index)}`);
      return found;
    };
    const [first, second, third, gap, last] = [0, 1, 2, 3, 4].map(row) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent('console-server via console as alice');
    expect(within(first).getByRole('link', { name: 'web' })).toHaveAttribute(
      'href',
      '/project/p1/instance/web',
    );
    await waitFor(() => {
      expect(within(second).getByRole('link', { name: 'big' })).toHaveAttribute(
        'href',
        '/ui/remote/other/project/default/profile/big',
      );
    });
    // LXD's user of a TLS client is its certificate's fingerprint: its identity's name instead,
    // else the fingerprint's first 12 characters.
    expect(second).toHaveTextContent(`${'a'.repeat(12)}profile-updated`);
    expect(third).toHaveTextContent('ops-cert');
    expect(within(third).queryByRole('link')).toBeNull();
    expect(third).toHaveTextContent('gone');
    expect(within(gap).getAllByRole('cell')).toHaveLength(1);
    expect(gap).toHaveTextContent('events may be missing between 10:00 and 10:05');
    expect(last).toHaveTextContent('via console');
    expect(last).toHaveTextContent('Failure Failed to start: no space left');
    expect(within(first).getByRole('rowheader').querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-05-01T12:00:00Z',
    );
  });
});

describe('the Activity page without a journal', () => {
  const event = (action: string, source: string, username: string) => ({
    type: 'lifecycle',
    timestamp: '2026-05-01T12:00:00Z',
    project: 'default',
    metadata: { action, source, requestor: { username, protocol: 'tls', address: '' } },
  });

  it('shows this tab’s lifecycle events with a note, and new ones as they come', async () => {
    const none: () => ActivityAnswer | undefined = () => undefined;
    fakeConsoleServer(none, null);
    activityInvalidation.apply?.(event('instance-created', '/1.0/instances/c1', 'alice'));
    activityInvalidation.apply?.(event('profile-updated', '/1.0/profiles/default', 'bob'));
    open('/activity?user=alice');
    expect(await screen.findByRole('note')).toHaveTextContent(NEEDS_CONSOLE_SERVER);
    const activity = await table();
    expect(rowsOf(activity)).toHaveLength(1);
    expect(rowsOf(activity)[0]).toHaveTextContent('instance-created');
    expect(screen.queryByRole('button', { name: 'Live' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();

    act(() => {
      activityInvalidation.apply?.(event('instance-started', '/1.0/instances/c1', 'alice'));
    });
    expect(rowsOf(activity)).toHaveLength(2);
    expect(rowsOf(activity)[0]).toHaveTextContent('instance-started');
  });

  it('gives the console server’s reason when it keeps no journal', async () => {
    fakeConsoleServer(() => ({
      status: 404,
      body: {
        type: 'error',
        error_code: 404,
        error: 'console server: the activity journal is off on this server',
      },
    }));
    open();
    expect(await screen.findByRole('note')).toHaveTextContent(
      "History needs the console server's activity journal (console server: the activity journal is off on this server): this page shows only what happened since this tab was opened.",
    );
    expect(await screen.findByText('No activity found')).toBeInTheDocument();
  });
});
