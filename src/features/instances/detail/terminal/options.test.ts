import { describe, expect, it } from 'vitest';
import { execBody } from '../../../../lxd/endpoints/instance-detail';
import {
  DEFAULT_OPTIONS,
  TERMINAL_MESSAGES,
  describeOptions,
  hasErrors,
  toExecOptions,
  validateOptions,
  type TerminalOptions,
} from './options';

const size = { cols: 120, rows: 40 };
const withOptions = (change: Partial<TerminalOptions>): TerminalOptions => ({
  ...DEFAULT_OPTIONS,
  ...change,
});

describe('terminal options → exec body', () => {
  it("runs sh as LXD's default user with only TERM by default", () => {
    expect(execBody(toExecOptions(DEFAULT_OPTIONS, size))).toEqual({
      command: ['sh'],
      environment: { TERM: 'xterm-256color' },
      interactive: true,
      'wait-for-websocket': true,
      width: 120,
      height: 40,
    });
  });

  it('sends command words, user, group, cwd and the environment', () => {
    const options = withOptions({
      command: '  bash  -l ',
      user: '1000',
      group: ' 1000 ',
      cwd: '/tmp ',
      environment: [
        { key: 'FOO', value: 'bar' },
        { key: ' EMPTY ', value: '' },
        { key: '', value: '' },
      ],
    });
    expect(execBody(toExecOptions(options, size))).toEqual({
      command: ['bash', '-l'],
      environment: { TERM: 'xterm-256color', FOO: 'bar', EMPTY: '' },
      user: 1000,
      group: 1000,
      cwd: '/tmp',
      interactive: true,
      'wait-for-websocket': true,
      width: 120,
      height: 40,
    });
  });

  it('sends uid and gid 0 when given, and an empty command falls back to sh', () => {
    const body = execBody(
      toExecOptions(withOptions({ command: ' ', user: '0', group: '0' }), size),
    );
    expect(body.command).toEqual(['sh']);
    expect(body).toMatchObject({ user: 0, group: 0 });
    expect(body).not.toHaveProperty('cwd');
  });

  it('lets a variable override TERM', () => {
    const body = execBody(
      toExecOptions(withOptions({ environment: [{ key: 'TERM', value: 'vt100' }] }), size),
    );
    expect(body.environment).toEqual({ TERM: 'vt100' });
  });
});

describe('terminal option rules', () => {
  it('accepts empty fields', () => {
    expect(hasErrors(validateOptions(DEFAULT_OPTIONS))).toBe(false);
  });

  it.each(['-1', '1.5', 'abc', '1e3', '10 00'])('refuses the uid and gid %s', (value) => {
    const errors = validateOptions(withOptions({ user: value, group: value }));
    expect(errors.user).toBe(TERMINAL_MESSAGES.user);
    expect(errors.group).toBe(TERMINAL_MESSAGES.group);
    expect(hasErrors(errors)).toBe(true);
  });

  it('accepts 0 up to 4294967295 and refuses more', () => {
    expect(validateOptions(withOptions({ user: '0', group: '4294967295' }))).toEqual({
      environment: [],
    });
    expect(validateOptions(withOptions({ user: '4294967296' })).user).toBe(
      TERMINAL_MESSAGES.idTooLarge,
    );
  });

  it('needs an absolute working directory', () => {
    expect(validateOptions(withOptions({ cwd: 'tmp' })).cwd).toBe(TERMINAL_MESSAGES.cwd);
    expect(validateOptions(withOptions({ cwd: './tmp' })).cwd).toBe(TERMINAL_MESSAGES.cwd);
    expect(validateOptions(withOptions({ cwd: '/tmp' })).cwd).toBeUndefined();
  });

  it('checks each variable name', () => {
    const errors = validateOptions(
      withOptions({
        environment: [
          { key: 'FOO', value: 'bar' },
          { key: '1ST', value: 'x' },
          { key: 'A-B', value: 'x' },
          { key: '', value: 'orphan' },
          { key: 'FOO', value: 'again' },
          { key: '_ok2', value: '' },
          { key: '', value: '' },
        ],
      }),
    );
    expect(errors.environment).toEqual([
      undefined,
      TERMINAL_MESSAGES.envKey,
      TERMINAL_MESSAGES.envKey,
      TERMINAL_MESSAGES.envKeyRequired,
      TERMINAL_MESSAGES.envKeyDuplicate,
      undefined,
      undefined,
    ]);
  });

  it('summarises the options in effect', () => {
    expect(describeOptions(DEFAULT_OPTIONS)).toBe('uid 0, gid 0');
    expect(
      describeOptions(
        withOptions({
          user: '1000',
          group: '100',
          cwd: '/tmp',
          environment: [{ key: 'A', value: '' }],
        }),
      ),
    ).toBe('uid 1000, gid 100, in /tmp, 1 variable');
  });
});
