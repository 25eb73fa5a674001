/**
 * Key combinations for the graphical console, sent as SPICE inputs messages: PC (set 1)
 * scancodes, extended keys as 0x100 + code, encoded as spice-gtk and spice-html5 do (a key up is
 * the code with 0x80; an extended key is the bytes e0, code in little-endian order).
 */

/** SPICE_MSGC_INPUTS_KEY_DOWN and SPICE_MSGC_INPUTS_KEY_UP. */
export const KEY_DOWN = 101;
export const KEY_UP = 102;

export const SCANCODE = {
  Ctrl: 0x1d,
  Alt: 0x38,
  Tab: 0x0f,
  Backspace: 0x0e,
  /** The Delete key of the editing block (e0 53). */
  Delete: 0x153,
  /** PrintScreen (e0 37), SysRq with Alt. */
  PrintScreen: 0x137,
  F1: 0x3b,
  F2: 0x3c,
  F3: 0x3d,
  F4: 0x3e,
  F5: 0x3f,
  F6: 0x40,
  F7: 0x41,
  F8: 0x42,
  F9: 0x43,
  F10: 0x44,
  F11: 0x57,
  F12: 0x58,
} as const;

export type KeyName = keyof typeof SCANCODE;

export interface KeyCombination {
  label: string;
  /** Pressed in this order, released in the reverse order. */
  keys: KeyName[];
}

const FUNCTION_KEYS = [
  'F1',
  'F2',
  'F3',
  'F4',
  'F5',
  'F6',
  'F7',
  'F8',
  'F9',
  'F10',
  'F11',
  'F12',
] as const;

export const KEY_COMBINATIONS: KeyCombination[] = [
  { label: 'Ctrl+Alt+Del', keys: ['Ctrl', 'Alt', 'Delete'] },
  { label: 'Ctrl+Alt+Backspace', keys: ['Ctrl', 'Alt', 'Backspace'] },
  { label: 'Alt+Tab', keys: ['Alt', 'Tab'] },
  { label: 'PrintScreen', keys: ['PrintScreen'] },
  ...FUNCTION_KEYS.map((key): KeyCombination => ({
    label: `Ctrl+Alt+${key}`,
    keys: ['Ctrl', 'Alt', key],
  })),
];

export function keyDownCode(scancode: number): number {
  return scancode < 0x100 ? scancode : 0xe0 | ((scancode - 0x100) << 8);
}

export function keyUpCode(scancode: number): number {
  return scancode < 0x100 ? scancode | 0x80 : 0x80e0 | ((scancode - 0x100) << 8);
}

export interface KeyEvent {
  type: typeof KEY_DOWN | typeof KEY_UP;
  code: number;
}

/** Every key down, then every key up in reverse order. */
export function combinationEvents(keys: readonly KeyName[]): KeyEvent[] {
  const scancodes = keys.map((key) => SCANCODE[key]);
  return [
    ...scancodes.map((scancode) => ({ type: KEY_DOWN, code: keyDownCode(scancode) }) as const),
    ...scancodes
      .slice()
      .reverse()
      .map((scancode) => ({ type: KEY_UP, code: keyUpCode(scancode) }) as const),
  ];
}

/** A SPICE mini-header message as spice-html5's channel `send_msg` takes it. */
export class KeyMessage {
  constructor(readonly event: KeyEvent) {}
  buffer_size(): number {
    return 10;
  }
  to_buffer(buffer: ArrayBuffer): void {
    const view = new DataView(buffer);
    view.setUint16(0, this.event.type, true);
    view.setUint32(2, 4, true);
    view.setUint32(6, this.event.code, true);
  }
}

/** The inputs channel of a spice-html5 connection (present once SPICE has opened it). */
export interface SpiceInputs {
  state: string;
  send_msg(message: KeyMessage): void;
}

/** Sends a combination; false when the inputs channel is not ready. */
export function sendCombination(
  connection: { inputs?: SpiceInputs | undefined } | null,
  keys: readonly KeyName[],
): boolean {
  const inputs = connection?.inputs;
  if (inputs?.state !== 'ready') return false;
  for (const event of combinationEvents(keys)) inputs.send_msg(new KeyMessage(event));
  return true;
}
