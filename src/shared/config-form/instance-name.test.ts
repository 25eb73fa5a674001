import { describe, expect, it, vi } from 'vitest';
import {
  INSTANCE_NAME_CHARACTERS,
  INSTANCE_NAME_EXISTS,
  INSTANCE_NAME_LENGTH,
  INSTANCE_NAME_START,
  createNameChecker,
  instanceNameError,
  validateInstanceName,
} from './instance-name';

describe('instance name rules (spec §5)', () => {
  it('uses the exact messages', () => {
    expect(INSTANCE_NAME_EXISTS).toBe('An instance with this name already exists');
    expect(INSTANCE_NAME_LENGTH).toBe('Instance name must be between 1 and 63 characters');
    expect(INSTANCE_NAME_CHARACTERS).toBe('Only alphanumeric and hyphen characters are allowed');
    expect(INSTANCE_NAME_START).toBe('Instance name must start with a letter');
  });

  it('needs 1 to 63 characters', () => {
    expect(instanceNameError('')).toBe(INSTANCE_NAME_LENGTH);
    expect(instanceNameError('a'.repeat(64))).toBe(INSTANCE_NAME_LENGTH);
    expect(instanceNameError('a'.repeat(63))).toBeUndefined();
    expect(instanceNameError('a')).toBeUndefined();
  });

  it('allows only letters, digits and hyphens', () => {
    for (const name of ['a_b', 'a.b', 'a b', 'ä', 'a/b']) {
      expect(instanceNameError(name)).toBe(INSTANCE_NAME_CHARACTERS);
    }
    expect(instanceNameError('Web-01')).toBeUndefined();
  });

  it('starts with a letter', () => {
    expect(instanceNameError('1web')).toBe(INSTANCE_NAME_START);
    expect(instanceNameError('-web')).toBe(INSTANCE_NAME_START);
  });
});

describe('uniqueness check', () => {
  it('reports a taken name and a free one (404)', async () => {
    const lookup = vi.fn((_project: string, name: string) => Promise.resolve(name === 'taken'));
    const checker = createNameChecker(lookup);
    expect(await checker.check('default', 'taken')).toBe(INSTANCE_NAME_EXISTS);
    expect(await checker.check('default', 'free')).toBeUndefined();
    expect(lookup).toHaveBeenCalledWith('default', 'taken', expect.any(AbortSignal));
  });

  it('allows the current name when renaming without asking', async () => {
    const lookup = vi.fn(() => Promise.resolve(true));
    const checker = createNameChecker(lookup);
    expect(await checker.check('default', 'me', 'me')).toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();
  });

  it('aborts the request in flight when the name changes again', async () => {
    const signals: AbortSignal[] = [];
    const checker = createNameChecker(
      (_project, _name, signal) =>
        new Promise<boolean>((resolve, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
          setTimeout(() => {
            resolve(false);
          }, 5);
        }),
    );
    const first = checker.check('default', 'a');
    const second = checker.check('default', 'ab');
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
  });

  it('checks the format before asking LXD', async () => {
    const lookup = vi.fn(() => Promise.resolve(true));
    const checker = createNameChecker(lookup);
    expect(await validateInstanceName(checker, 'default', '9x')).toBe(INSTANCE_NAME_START);
    expect(lookup).not.toHaveBeenCalled();
    expect(await validateInstanceName(checker, 'default', 'x9')).toBe(INSTANCE_NAME_EXISTS);
  });
});
