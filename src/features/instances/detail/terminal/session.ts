/**
 * An interactive session over LXD's operation websockets (exec and the text console), without
 * React or xterm: the data socket ("0") carries the terminal's bytes both ways, the control
 * socket carries window-resize messages ({command: 'window-resize', args: {width, height}},
 * LXD reads the args as strings).
 */

export type SessionState = 'connecting' | 'connected' | 'closed';

export interface SessionHandlers {
  onData: (data: Uint8Array) => void;
  onState: (state: SessionState, reason?: string) => void;
}

/** The part of WebSocket a session uses (a fake stands in for it in tests). */
export interface SocketLike {
  binaryType: BinaryType;
  readyState: number;
  send(data: string | ArrayBufferLike | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

/** Also true for a buffer of another realm (a test environment's). */
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return (
    value instanceof ArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]'
  );
}

export function resizeMessage(cols: number, rows: number): string {
  return JSON.stringify({
    command: 'window-resize',
    args: { width: String(cols), height: String(rows) },
  });
}

export class TerminalSession {
  private readonly data: SocketLike;
  private readonly control: SocketLike;
  private readonly encoder = new TextEncoder();
  private state: SessionState = 'connecting';
  private opened = 0;
  private pendingSize: { cols: number; rows: number } | undefined;

  constructor(
    urls: { data: string; control: string },
    private readonly handlers: SessionHandlers,
    createSocket: SocketFactory = (url) => new WebSocket(url),
  ) {
    this.data = createSocket(urls.data);
    this.control = createSocket(urls.control);
    this.data.binaryType = 'arraybuffer';
    this.data.addEventListener('message', (event) => {
      const payload: unknown = event.data;
      if (isArrayBuffer(payload)) this.handlers.onData(new Uint8Array(payload));
      else if (typeof payload === 'string') this.handlers.onData(this.encoder.encode(payload));
    });
    for (const socket of [this.data, this.control]) {
      socket.addEventListener('open', () => {
        this.opened += 1;
        if (this.opened === 2) {
          this.setState('connected');
          if (this.pendingSize) this.resize(this.pendingSize.cols, this.pendingSize.rows);
        }
      });
      socket.addEventListener('error', () => {
        this.finish('The connection to the instance failed');
      });
    }
    // The data socket closes when the command exits (or the console detaches).
    this.data.addEventListener('close', () => {
      this.finish();
    });
  }

  get current(): SessionState {
    return this.state;
  }

  /** Keys typed in the terminal. */
  write(text: string): void {
    if (this.data.readyState !== OPEN) return;
    this.data.send(this.encoder.encode(text));
  }

  resize(cols: number, rows: number): void {
    if (this.control.readyState !== OPEN) {
      this.pendingSize = { cols, rows };
      return;
    }
    this.control.send(resizeMessage(cols, rows));
  }

  close(): void {
    this.finish();
  }

  private finish(reason?: string) {
    if (this.state === 'closed') return;
    this.setState('closed', reason);
    for (const socket of [this.data, this.control]) {
      if (socket.readyState === OPEN || socket.readyState === 0) socket.close(1000);
    }
  }

  private setState(state: SessionState, reason?: string) {
    this.state = state;
    this.handlers.onState(state, reason);
  }
}
