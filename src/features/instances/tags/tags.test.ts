import { describe, expect, it } from 'vitest';
import {
  applyChange,
  formatTags,
  MAX_TAG_LENGTH,
  parseTags,
  TAG_MESSAGES,
  tagsOf,
  validateTag,
} from './tags';

describe('parseTags / formatTags', () => {
  it('splits on commas, trims, drops empty entries and repeats', () => {
    expect(parseTags(' web, db ,,web,  ')).toEqual(['web', 'db']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(undefined)).toEqual([]);
    expect(formatTags(['web', 'db'])).toBe('web,db');
    expect(tagsOf({ config: { 'user.tags': 'a,b' } })).toEqual(['a', 'b']);
    expect(tagsOf({ config: {} })).toEqual([]);
  });
});

describe('validateTag', () => {
  it('says what is wrong with a tag', () => {
    expect(validateTag('   ')).toBe('Enter a tag.');
    expect(validateTag('web,db')).toBe('A tag cannot contain a comma: add one tag at a time.');
    expect(validateTag('two words')).toBe('A tag cannot contain spaces.');
    expect(validateTag('a'.repeat(MAX_TAG_LENGTH + 1))).toBe('A tag is at most 40 characters.');
    expect(validateTag('-web')).toBe(TAG_MESSAGES.chars);
    expect(validateTag('web!')).toBe(
      'A tag starts with a letter or a digit and has only letters, digits, ".", "_", ":", "/" or "-".',
    );
    expect(validateTag('web', ['web'])).toBe('This tag is already in the list.');
  });

  it('accepts trimmed tags of letters, digits and separators', () => {
    expect(validateTag('  web  ')).toBeUndefined();
    expect(validateTag('team:blue/eu-west_1.a')).toBeUndefined();
    expect(validateTag('équipe')).toBeUndefined();
    expect(validateTag('a'.repeat(MAX_TAG_LENGTH))).toBeUndefined();
  });
});

describe('applyChange', () => {
  it('removes, then adds at the end once', () => {
    expect(applyChange(['web', 'db'], { add: ['prod', 'web'], remove: ['db'] })).toEqual([
      'web',
      'prod',
    ]);
    expect(applyChange([], { add: ['a'], remove: [] })).toEqual(['a']);
    expect(applyChange(['a'], { add: [], remove: ['a', 'zzz'] })).toEqual([]);
  });
});
