import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  SettingConflictError,
  assertUnchanged,
  validateUserKey,
  validateValue,
  valueToSave,
} from './validation';

describe('values', () => {
  it('requires a value (reset is the way back to the default)', () => {
    expect(validateValue({ type: 'string' }, '  ')).toBe(
      'Enter a value (use Reset to go back to the default)',
    );
    expect(validateValue({ type: 'string' }, 'x')).toBeUndefined();
  });

  it('accepts whole numbers only for integers, with their lower limit', () => {
    expect(validateValue({ type: 'integer' }, '12')).toBeUndefined();
    expect(validateValue({ type: 'integer' }, ' 12 ')).toBeUndefined();
    expect(validateValue({ type: 'integer' }, '1.5')).toBe('Enter a whole number');
    expect(validateValue({ type: 'integer' }, 'ten')).toBe('Enter a whole number');
    expect(validateValue({ type: 'integer', min: 0 }, '-1')).toBe('Enter 0 or more');
    expect(validateValue({ type: 'integer', min: -1 }, '-1')).toBeUndefined();
    expect(valueToSave({ type: 'integer' }, ' 12 ')).toBe('12');
    expect(valueToSave({ type: 'string' }, ' a ')).toBe(' a ');
  });
});

describe('user keys', () => {
  it.each([
    ['user.team', undefined],
    ['user.', MESSAGES.userKeyPrefix],
    ['team', MESSAGES.userKeyPrefix],
    ['core.x', 'The key must start with "user." followed by a name'],
    ['user.my key', 'The key cannot contain spaces'],
    ['user.ui_title', 'A setting with this key already exists'],
  ])('%s → %s', (key, message) => {
    expect(validateUserKey(key, ['user.ui_title'])).toBe(message);
  });
});

describe('changes made by someone else', () => {
  it('passes when the server still has the value the user saw', () => {
    expect(() => {
      assertUnchanged('k', 'a', 'a');
    }).not.toThrow();
    expect(() => {
      assertUnchanged('k', undefined, undefined);
    }).not.toThrow();
  });

  it('says what the value is now', () => {
    expect(() => {
      assertUnchanged('user.x', 'a', 'b');
    }).toThrow(
      'Someone else changed user.x while you were editing it; it is now “b”. Save again to replace it.',
    );
    expect(() => {
      assertUnchanged('user.x', 'a', undefined);
    }).toThrow('it is now unset');
    expect(() => {
      assertUnchanged('core.trust_password', undefined, true);
    }).toThrow('it is now set to a hidden value');
    try {
      assertUnchanged('k', 'a', 'b');
    } catch (error) {
      expect(error).toBeInstanceOf(SettingConflictError);
      expect((error as SettingConflictError).current).toBe('b');
    }
  });
});
