import { describe, expect, it } from 'vitest';
import {
  changeGroups,
  forEachAtOnce,
  outcomeDetails,
  outcomeTitle,
  validateGroupName,
} from './rules';

describe('group names and group lists', () => {
  it('follow LXD’s rules and must be new', () => {
    expect(validateGroupName('Group', '', [])).toBe('Group name cannot be empty');
    expect(validateGroupName('Group', 'a/b', [])).toBe('Group name cannot contain a forward slash');
    expect(validateGroupName('IdP group', 'a:b', [])).toBe('IdP group name cannot contain a colon');
    expect(validateGroupName('Group', 'ops', ['ops'])).toBe(
      'A group with this name already exists',
    );
    expect(validateGroupName('IdP group', 'ops', ['ops'])).toBe(
      'An IdP group with this name already exists',
    );
    expect(validateGroupName('Group', 'ops', ['ops'], 'ops')).toBeUndefined();
  });

  it('change by adding at the end and removing in place', () => {
    expect(changeGroups(['a', 'b', 'c'], ['d', 'a'], ['b'])).toEqual(['a', 'c', 'd']);
  });

  it('count outcomes of writes made at once', async () => {
    const outcome = await forEachAtOnce(['a', 'b', 'c'], (item) =>
      item === 'b' ? Promise.reject(new Error('Forbidden')) : Promise.resolve(),
    );
    expect(outcome).toEqual({ done: ['a', 'c'], failed: [{ item: 'b', message: 'Forbidden' }] });
    const noun = { one: 'identity', other: 'identities' };
    expect(outcomeTitle(outcome, noun, 'updated')).toBe('2 identities updated, 1 failed');
    expect(outcomeTitle({ done: ['a'], failed: [] }, noun, 'updated')).toBe('1 identity updated');
    expect(outcomeDetails(outcome, (item) => item.toUpperCase())).toBe('B: Forbidden');
  });
});
