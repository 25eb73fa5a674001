import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../../lxd/types/instance';

interface SentMessage {
  buffer_size(): number;
  to_buffer(buffer: ArrayBuffer): void;
}

/** spice-html5 at its boundary: the connection and its inputs channel, which records messages. */
const spice = vi.hoisted(() => ({
  connections: [] as {
    options: Record<string, unknown>;
    stop: ReturnType<typeof vi.fn>;
    inputs: { state: string; send_msg: (message: SentMessage) => void; sent: SentMessage[] };
  }[],
  resize: vi.fn(),
}));

vi.mock('@spice-project/spice-html5', () => ({
  SpiceMainConn: class {
    stop = vi.fn();
    inputs = {
      state: 'ready',
      sent: [] as SentMessage[],
      send_msg(message: SentMessage) {
        this.sent.push(message);
      },
    };
    constructor(options: Record<string, unknown>) {
      spice.connections.push({ options, stop: this.stop, inputs: this.inputs });
    }
  },
  resize_helper: spice.resize,
}));

/** The bytes each message puts on the wire, read back: [type, code] as the server sees them. */
function sentKeys(): [string, string][] {
  return (spice.connections[0]?.inputs.sent ?? []).map((message) => {
    const buffer = new ArrayBuffer(message.buffer_size());
    message.to_buffer(buffer);
    const view = new DataView(buffer);
    expect(view.getUint32(2, true)).toBe(4);
    const type = view.getUint16(0, true) === 101 ? 'down' : 'up';
    return [type, view.getUint32(6, true).toString(16)];
  });
}

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

/** SPICE has connected (its onsuccess callback). */
function connect() {
  const onsuccess = spice.connections[0]?.options.onsuccess as () => void;
  act(() => {
    onsuccess();
  });
}

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
    expect(screen.getByRole('button', { name: 'Send key combination' })).toBeDisabled();
    connect();
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    // Ctrl, Alt, Delete (e0 53) down, then up in reverse order.
    expect(sentKeys()).toEqual([
      ['down', '1d'],
      ['down', '38'],
      ['down', '53e0'],
      ['up', 'd3e0'],
      ['up', 'b8'],
      ['up', '9d'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Sent Ctrl+Alt+Del.');
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(requestFullscreen).toHaveBeenCalled();
  });

  it.each([
    ['Ctrl+Alt+Del', ['1d', '38', '53e0'], ['d3e0', 'b8', '9d']],
    ['Ctrl+Alt+Backspace', ['1d', '38', 'e'], ['8e', 'b8', '9d']],
    ['Alt+Tab', ['38', 'f'], ['8f', 'b8']],
    ['PrintScreen', ['37e0'], ['b7e0']],
    ['Ctrl+Alt+F1', ['1d', '38', '3b'], ['bb', 'b8', '9d']],
    ['Ctrl+Alt+F2', ['1d', '38', '3c'], ['bc', 'b8', '9d']],
    ['Ctrl+Alt+F7', ['1d', '38', '41'], ['c1', 'b8', '9d']],
    ['Ctrl+Alt+F10', ['1d', '38', '44'], ['c4', 'b8', '9d']],
    ['Ctrl+Alt+F11', ['1d', '38', '57'], ['d7', 'b8', '9d']],
    ['Ctrl+Alt+F12', ['1d', '38', '58'], ['d8', 'b8', '9d']],
  ])('the menu item %s sends its scancodes', async (label, down, up) => {
    render(<SpiceConsole instance={vm} />);
    await waitFor(() => expect(spice.connections).toHaveLength(1));
    connect();
    const menuButton = screen.getByRole('button', { name: 'Send key combination' });
    await waitFor(() => expect(menuButton).toBeEnabled());
    fireEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Key combinations' });
    await waitFor(() => expect(screen.getAllByRole('menuitem')[0]).toHaveFocus());
    fireEvent.click(within(menu).getByRole('menuitem', { name: label }));
    expect(sentKeys()).toEqual([
      ...down.map((code) => ['down', code]),
      ...up.map((code) => ['up', code]),
    ]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(`Sent ${label}.`);
  });

  it('lists every function key and moves through the menu with the arrow keys', async () => {
    render(<SpiceConsole instance={vm} />);
    await waitFor(() => expect(spice.connections).toHaveLength(1));
    connect();
    const menuButton = screen.getByRole('button', { name: 'Send key combination' });
    await waitFor(() => expect(menuButton).toBeEnabled());
    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Ctrl+Alt+Del',
      'Ctrl+Alt+Backspace',
      'Alt+Tab',
      'PrintScreen',
      ...Array.from({ length: 12 }, (_, i) => `Ctrl+Alt+F${i + 1}`),
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'ArrowDown' });
    expect(items[1]).toHaveFocus();
    fireEvent.keyDown(items[1] as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'ArrowUp' });
    expect(items[15]).toHaveFocus();
    fireEvent.keyDown(items[15] as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    expect(sentKeys()).toEqual([]);
  });

  it('says so when the keyboard channel is not ready', async () => {
    render(<SpiceConsole instance={vm} />);
    await waitFor(() => expect(spice.connections).toHaveLength(1));
    const connection = spice.connections[0];
    if (connection) connection.inputs.state = 'connecting';
    connect();
    const button = screen.getByRole('button', { name: 'Send Ctrl+Alt+Del' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(sentKeys()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ctrl+Alt+Del was not sent: the keyboard channel is not ready',
    );
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
