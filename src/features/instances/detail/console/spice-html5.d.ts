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

  export class SpiceMainConn {
    constructor(options: SpiceMainConnOptions);
    stop(): void;
  }

  export function sendCtrlAltDel(connection: SpiceMainConn): void;
  export function resize_helper(connection: SpiceMainConn): void;
}
