import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { renderSignedIn } from '../../../../testing/render';
import { TERMINAL_MESSAGES } from './options';

const startExec = vi.hoisted(() => vi.fn());
vi.mock('../../../../lxd/endpoints/instance-detail', async (original) => ({
  ...(await original<typeof import('../../../../lxd/endpoints/instance-detail')>()),
  startExec,
}));

// xterm needs a canvas: a stand-in that is ready at once with an 80×24 size.
vi.mock('./Xterm', () => ({
  Xterm: function FakeXterm({ onReady }: { onReady: (handle: unknown) => void }) {
    const ready = useRef(onReady);
    useEffect(() => {
      // Once, as xterm is ready once.
      ready.current({
        write: vi.fn(),
        focus: vi.fn(),
        reset: vi.fn(),
        size: () => ({ cols: 80, rows: 24 }),
      });
    }, []);
    return <div role="group" aria-label="Terminal" />;
  },
}));

const { default: TerminalTab } = await import('./TerminalTab');

const container: LxdInstance = {
  name: 'c1',
  project: 'default',
  type: 'container',
  status: 'Running',
  status_code: 103,
  description: '',
  architecture: 'x86_64',
  created_at: '2026-01-01T00:00:00Z',
  last_used_at: '2026-01-01T00:00:00Z',
  ephemeral: false,
  stateful: false,
  location: 'none',
  profiles: ['default'],
  config: {},
  devices: {},
};

beforeEach(() => {
  startExec.mockReset();
  startExec.mockRejectedValue(new Error('not here'));
});

describe('terminal session options', () => {
  it('connects with sh first, then with the options the form sets', async () => {
    const user = userEvent.setup();
    renderSignedIn(<TerminalTab instance={container} />);
    await waitFor(() => expect(startExec).toHaveBeenCalledTimes(1));
    expect(startExec).toHaveBeenLastCalledWith('default', 'c1', {
      command: ['sh'],
      environment: {},
      width: 80,
      height: 24,
    });

    await user.click(screen.getByRole('button', { name: 'Session options' }));
    await user.clear(screen.getByRole('combobox', { name: 'Command' }));
    await user.type(screen.getByRole('combobox', { name: 'Command' }), 'id -u');
    await user.type(screen.getByRole('textbox', { name: 'User ID (uid)' }), '1000');
    await user.type(screen.getByRole('textbox', { name: 'Group ID (gid)' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Working directory' }), '/tmp');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    const row = screen.getByRole('group', { name: 'Variable row 1' });
    await user.type(row.querySelector('input') as HTMLInputElement, 'FOO');
    await user.type(screen.getAllByRole('textbox', { name: 'Value' })[0] as HTMLElement, 'bar');
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));

    await waitFor(() => expect(startExec).toHaveBeenCalledTimes(2));
    expect(startExec).toHaveBeenLastCalledWith('default', 'c1', {
      command: ['id', '-u'],
      environment: { FOO: 'bar' },
      user: 1000,
      group: 100,
      cwd: '/tmp',
      width: 80,
      height: 24,
    });
    expect(screen.getByText(/Runs id -u as uid 1000, gid 100, in \/tmp, 1 variable/)).toBeVisible();
  });

  it('shows each problem next to its field and does not connect', async () => {
    const user = userEvent.setup();
    renderSignedIn(<TerminalTab instance={container} />);
    await waitFor(() => expect(startExec).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Session options' }));
    await user.type(screen.getByRole('textbox', { name: 'User ID (uid)' }), '-1');
    await user.type(screen.getByRole('textbox', { name: 'Group ID (gid)' }), 'staff');
    await user.type(screen.getByRole('textbox', { name: 'Working directory' }), 'tmp');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '1X');

    expect(screen.getByRole('textbox', { name: 'User ID (uid)' })).toHaveAccessibleDescription(
      TERMINAL_MESSAGES.user,
    );
    expect(screen.getByRole('textbox', { name: 'Group ID (gid)' })).toHaveAccessibleDescription(
      TERMINAL_MESSAGES.group,
    );
    expect(screen.getByRole('textbox', { name: 'Working directory' })).toHaveAccessibleDescription(
      TERMINAL_MESSAGES.cwd,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      TERMINAL_MESSAGES.envKey,
    );
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(startExec).toHaveBeenCalledTimes(1);
  });
});
