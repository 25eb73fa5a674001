/** The part of @spice-project/spice-html5 (plain JavaScript, no types) the console uses. */
declare module '@spice-project/spice-html5' {
  export interface SpiceMainConnOptions {
    uri: string;
    password?: string;
    screen_id: string;
    message_id?: string;
    onerror?: (error: unknown) => void;
    onsuccess?: () => void;
    onagent?: () => void;
  }

  /** A message a channel sends: its size and how it writes itself. */
  export interface SpiceOutgoingMessage {
    buffer_size(): number;
    to_buffer(buffer: ArrayBuffer): void;
  }

  /** A channel: `state` is "ready" once it may send. */
  export interface SpiceChannel {
    state: string;
    send_msg(message: SpiceOutgoingMessage): void;
  }

  export class SpiceMainConn {
    constructor(options: SpiceMainConnOptions);
    stop(): void;
    /** The inputs channel, once the server has opened it. */
    inputs?: SpiceChannel | undefined;
  }

  export function sendCtrlAltDel(connection: SpiceMainConn): void;
  export function resize_helper(connection: SpiceMainConn): void;
}
