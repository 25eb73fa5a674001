import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../routing/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkType } from './NotificationItem';
import {
  NOTIFICATION_AUTO_HIDE_MS,
  NotificationCenter,
  NotificationProvider,
  createNotificationStore,
  useNotificationCount,
  useNotify,
} from '.';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notification store', () => {
  it('hides successes after 5 s, keeps failures, keeps both in the history', () => {
    const store = createNotificationStore();
    store.add({ kind: 'positive', title: 'Instance started' });
    store.add({ kind: 'negative', title: 'Start failed', message: 'boom' });
    expect(NOTIFICATION_AUTO_HIDE_MS).toBe(5000);
    vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS);
    expect(store.getSnapshot().toasts.map((t) => t.title)).toEqual(['Start failed']);
    expect(store.getSnapshot().history.map((t) => t.title)).toEqual([
      'Start failed',
      'Instance started',
    ]);
  });

  it('replaces a notification with the same id and removes it everywhere', () => {
    const store = createNotificationStore();
    store.add({ kind: 'negative', title: 'a', id: 'x' });
    store.add({ kind: 'negative', title: 'b', id: 'x' });
    expect(store.getSnapshot().history.map((t) => t.title)).toEqual(['b']);
    store.remove('x');
    expect(store.getSnapshot()).toMatchObject({ toasts: [], history: [] });
  });

  it('keeps at most 50 notifications', () => {
    const store = createNotificationStore();
    for (let i = 0; i < 80; i++) store.add({ kind: 'negative', title: `n${String(i)}` });
    expect(store.getSnapshot().history).toHaveLength(50);
    expect(store.getSnapshot().toasts.length).toBeLessThanOrEqual(5);
  });
});

function Raise() {
  const notify = useNotify();
  const count = useNotificationCount();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          notify.success('Instance created', 'Created', [
            { label: 'web1', to: '/project/default/instance/web1' },
          ]);
        }}
      >
        raise success
      </button>
      <button
        type="button"
        onClick={() => {
          notify.failure('Start failed', new Error('<b>not bold</b>'));
        }}
      >
        raise failure
      </button>
      <p>count {count}</p>
      <NotificationCenter />
    </>
  );
}

function renderWithRouter() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <NotificationProvider>
          <Raise />
        </NotificationProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('notifications UI', () => {
  it('shows toasts with router links and server text as text', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithRouter();
    await user.click(screen.getByRole('button', { name: 'raise success' }));
    await user.click(screen.getByRole('button', { name: 'raise failure' }));
    const region = screen.getByRole('region', { name: 'Notification messages' });
    expect(region).toHaveTextContent('Instance created');
    const link = screen.getByRole('link', { name: 'web1' });
    expect(link).toHaveAttribute('href', '/project/default/instance/web1');
    // The instance's icon (loaded with the first notification) stands before its name, hidden
    // from assistive technology.
    await vi.waitFor(() => {
      expect(link.previousElementSibling).toHaveAttribute('data-resource-type', 'instance');
    });
    expect(link.previousElementSibling).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('<b>not bold</b>');
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS);
    });
    expect(region).not.toHaveTextContent('Instance created');
    await user.click(screen.getByRole('button', { name: 'Close notification: Start failed' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('count 2')).toBeInTheDocument();
  });

  it('opens the history from the count and closes it with Escape', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithRouter();
    await user.click(screen.getByRole('button', { name: 'raise failure' }));
    const toggle = screen.getByRole('button', { name: 'Notifications 1' });
    await user.click(toggle);
    const list = screen.getByRole('dialog', { name: 'Notifications' });
    expect(list).toHaveTextContent('Start failed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByText('No notifications.')).toBeInTheDocument();
  });
});

describe('notification link icons', () => {
  it('takes the type given, else reads it from the console path', () => {
    expect(linkType({ label: 'x', to: '/somewhere', type: 'bucket-key' })).toBe('bucket-key');
    expect(linkType({ label: 'p', to: '/project/default/profile/p' })).toBe('profile');
    expect(
      linkType({ label: 'n', to: '/project/default/network/lxdbr0/forwards/1.2.3.4/edit' }),
    ).toBe('network-forward');
    expect(linkType({ label: 'n', to: '/project/default/network/lxdbr0' })).toBe('network');
    expect(linkType({ label: 'a', to: '/project/default/network-acl/a' })).toBe('network-acl');
    expect(linkType({ label: 'v', to: '/project/default/storage/pool/p/volumes/custom/v' })).toBe(
      'volume',
    );
    expect(linkType({ label: 'b', to: '/project/default/storage/pool/p/bucket/b' })).toBe('bucket');
    expect(linkType({ label: 'p', to: '/project/default/storage/pool/p' })).toBe('pool');
    expect(linkType({ label: 'i', to: '/project/default/images' })).toBe('image');
    expect(linkType({ label: 'm', to: '/cluster/member/m1' })).toBe('cluster-member');
    expect(linkType({ label: 'o', to: '/operations' })).toBeUndefined();
  });
});
