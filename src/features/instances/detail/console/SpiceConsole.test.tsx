import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../../lxd/types/instance';

const spice = vi.hoisted(() => ({
  connections: [] as { options: Record<string, unknown>; stop: ReturnType<typeof vi.fn> }[],
  sendCtrlAltDel: vi.fn(),
  resize: vi.fn(),
}));

vi.mock('@spice-project/spice-html5', () => ({
  SpiceMainConn: class {
    stop = vi.fn();
    constructor(options: Record<string, unknown>) {
      spice.connections.push({ options, stop: this.stop });
    }
  },
  sendCtrlAltDel: spice.sendCtrlAltDel,
  resize_helper: spice.resize,
}));

const startConsole = vi.hoisted(() => vi.fn());
vi.mock('../../../../lxd/endpoints/instance-detail', () => ({ startConsole }));

class FakeWebSocket {
  static urls: string[] = [];
  constructor(readonly url: string) {
    FakeWebSocket.urls.push(url);
  }
  close = vi.fn();
}

const { default: SpiceConsole } = await import('./SpiceConsole');

/** A running VM as GET /1.0/instances/{name} describes it. */
const vm: LxdInstance = {
  name: 'v1',
  project: 'default',
  type: 'virtual-machine',
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
  config: { 'image.os': 'Ubuntu' },
  devices: {},
};

beforeEach(() => {
  spice.connections.length = 0;
  FakeWebSocket.urls = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  // LXD's answer to POST /1.0/instances/v1/console {type: vga}: an operation with two fds.
  startConsole.mockResolvedValue({
    operationId: 'op-1',
    data: 'data-secret',
    control: 'ctl-secret',
  });
});

describe('graphic (SPICE) console', () => {
  it('asks LXD for a vga console and connects SPICE to the data socket', async () => {
    render(<SpiceConsole instance={vm} />);
    await waitFor(() => expect(spice.connections).toHaveLength(1));
    expect(startConsole).toHaveBeenCalledWith(
      'default',
      'v1',
      expect.objectContaining({ type: 'vga' }),
    );
    const uri = String(spice.connections[0]?.options.uri);
    expect(uri).toMatch(/^ws:\/\/.+\/1\.0\/operations\/op-1\/websocket\?secret=data-secret$/);
    expect(FakeWebSocket.urls[0]).toMatch(/secret=ctl-secret$/);
    expect(screen.getByRole('group', { name: 'Graphic console' })).toBeInTheDocument();
  });

  it('sends Ctrl+Alt+Del once connected, and goes full screen', async () => {
    const requestFullscreen = vi.fn(() => Promise.resolve());
    HTMLElement.prototype.requestFullscreen = requestFullscreen;
    render(<SpiceConsole instance={vm} />);
    await waitFor(() => expect(spice.connections).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Send Ctrl+Alt+Del' });
    expect(button).toBeDisabled();
    const onsuccess = spice.connections[0]?.options.onsuccess as () => void;
    onsuccess();
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(spice.sendCtrlAltDel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(requestFullscreen).toHaveBeenCalled();
  });

  it('shows a failed connection and stops SPICE when leaving', async () => {
    const view = render(<SpiceConsole instance={vm} />);
    await waitFor(() => expect(spice.connections).toHaveLength(1));
    const onerror = spice.connections[0]?.options.onerror as (e: unknown) => void;
    onerror(new Error('SPICE handshake failed'));
    expect(await screen.findByText(/SPICE handshake failed/)).toBeInTheDocument();
    view.unmount();
    expect(spice.connections[0]?.stop).toHaveBeenCalled();
  });

  it('reports an error from LXD (for example a container)', async () => {
    startConsole.mockRejectedValueOnce(
      new Error('VGA console is only supported by virtual machines'),
    );
    render(<SpiceConsole instance={vm} />);
    expect(await screen.findByText(/VGA console is only supported/)).toBeInTheDocument();
  });
});
