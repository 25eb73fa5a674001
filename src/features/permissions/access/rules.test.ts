import { describe, expect, it } from 'vitest';
import { bulkFailures, bulkSummary, runBulk } from '../../../shared/pages';
import { changeGroups, groupsDialogProblems, validateGroupName } from './rules';

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
    const outcome = await runBulk(['a', 'b', 'c'], (item) =>
      item === 'b' ? Promise.reject(new Error('Forbidden')) : Promise.resolve(),
    );
    expect(outcome).toEqual({ done: ['a', 'c'], failed: [{ item: 'b', message: 'Forbidden' }] });
    const noun = { one: 'identity', other: 'identities' };
    expect(bulkSummary(outcome, noun, 'updated')).toBe('2 identities updated, 1 failed');
    expect(bulkSummary({ done: ['a'], failed: [] }, noun, 'updated')).toBe('1 identity updated');
    expect(bulkFailures(outcome, (item) => item.toUpperCase())).toBe('B: Forbidden');
  });

  it('a groups dialog needs a valid name when it has one, and a group when required', () => {
    const validate = (name: string) => (name === '' ? 'Enter a name' : undefined);
    expect(groupsDialogProblems({ name: ' ', groups: [] }, validate, true)).toEqual({
      name: 'Enter a name',
      groups: 'Choose at least one group',
    });
    expect(groupsDialogProblems({ name: 'x', groups: ['a'] }, validate, true)).toEqual({
      name: undefined,
      groups: undefined,
    });
    expect(groupsDialogProblems({ name: '', groups: [] }, undefined, false)).toEqual({
      name: undefined,
      groups: undefined,
    });
  });
});
