import { describe, expect, it } from 'vitest';
import { isWildcardAddress, validateMemberName } from './form';

describe('member name', () => {
  it.each([
    ['node1', undefined],
    ['node-1.example', undefined],
    ['', 'Member name must be between 1 and 63 characters'],
    ['a'.repeat(64), 'Member name must be between 1 and 63 characters'],
    ['node_1', 'Only alphanumeric, hyphen and dot characters are allowed'],
    ['-node', 'Member name must start with a letter or a digit'],
  ])('%s → %s', (name, message) => {
    expect(validateMemberName(name)).toBe(message);
  });
});

describe('addresses other members can reach', () => {
  it.each([
    ['127.0.0.1:8443', false],
    ['[::]:8443', true],
    ['0.0.0.0:8443', true],
    [':8443', true],
    ['[fd00::1]:8443', false],
  ])('%s wildcard: %s', (address, wildcard) => {
    expect(isWildcardAddress(address)).toBe(wildcard);
  });
});
