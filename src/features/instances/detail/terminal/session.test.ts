import { describe, expect, it, vi } from 'vitest';
import { TerminalSession, resizeMessage, type SocketLike } from './session';

class FakeSocket implements SocketLike {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  send(data: string | ArrayBufferLike | ArrayBufferView) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data } as MessageEvent);
    }
  }
}

function open() {
  const sockets: FakeSocket[] = [];
  const onData = vi.fn();
  const onState = vi.fn();
  const session = new TerminalSession(
    { data: 'ws://d', control: 'ws://c' },
    { onData, onState },
    (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  );
  const [data, control] = sockets;
  if (!data || !control) throw new Error('two sockets expected');
  return { session, data, control, onData, onState };
}

describe('terminal session', () => {
  it('is connected once both sockets are open', () => {
    const { data, control, onState } = open();
    expect(data.url).toBe('ws://d');
    expect(data.binaryType).toBe('arraybuffer');
    data.emit('open');
    expect(onState).not.toHaveBeenCalled();
    control.emit('open');
    expect(onState).toHaveBeenCalledWith('connected', undefined);
  });

  it('sends typed keys as bytes and passes output on', () => {
    const { session, data, control, onData } = open();
    data.emit('open');
    control.emit('open');
    session.write('echo hi\r');
    expect(new TextDecoder().decode(data.sent[0] as Uint8Array)).toBe('echo hi\r');
    data.emit('message', new TextEncoder().encode('hi\r\n').buffer);
    expect(new TextDecoder().decode(onData.mock.calls[0]?.[0] as Uint8Array)).toBe('hi\r\n');
  });

  it('sends window-resize control messages with string sizes, after the socket opens', () => {
    const { session, data, control } = open();
    session.resize(120, 40);
    expect(control.sent).toEqual([]);
    data.emit('open');
    control.emit('open');
    expect(control.sent).toEqual([resizeMessage(120, 40)]);
    expect(JSON.parse(resizeMessage(80, 24))).toEqual({
      command: 'window-resize',
      args: { width: '80', height: '24' },
    });
  });

  it('ends when the command exits and closes the control socket', () => {
    const { data, control, onState, session } = open();
    data.emit('open');
    control.emit('open');
    data.emit('close');
    expect(onState).toHaveBeenLastCalledWith('closed', undefined);
    expect(control.closed).toBe(true);
    expect(session.current).toBe('closed');
  });

  it('reports a failed connection', () => {
    const { data, onState } = open();
    data.emit('error');
    expect(onState).toHaveBeenLastCalledWith('closed', 'The connection to the instance failed');
  });
});
