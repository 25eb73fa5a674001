import { describe, expect, it } from 'vitest';
import {
  compileFilter,
  compileNameFilter,
  needsDetails,
  parseFilter,
  removeFilterToken,
  tokenizeFilter,
  type Filterable,
} from './filter';

const item = (over: Partial<Filterable> = {}): Filterable => ({
  name: 'web-1',
  description: 'Front end',
  status: 'Running',
  type: 'container',
  profiles: ['default', 'web'],
  project: 'default',
  location: 'member1',
  config: { 'user.team': 'Blue', 'limits.cpu': '2' },
  ...over,
});

const matches = (query: string, over: Partial<Filterable> = {}) => compileFilter(query)(item(over));

describe('parseFilter', () => {
  it('parses free text, fields, user keys and negation', () => {
    expect(parseFilter('web -db status:running,Frozen -type:vm user.team=blue user.x')).toEqual([
      { kind: 'text', value: 'web', negate: false },
      { kind: 'text', value: 'db', negate: true },
      { kind: 'field', field: 'status', values: ['running', 'frozen'], negate: false },
      { kind: 'field', field: 'type', values: ['virtual-machine'], negate: true },
      { kind: 'config', key: 'user.team', value: 'blue', negate: false },
      { kind: 'config', key: 'user.x', value: undefined, negate: false },
    ]);
  });

  it('keeps quoted spaces inside one term', () => {
    expect(parseFilter('"front end" user.team="big team" profile:"web"')).toEqual([
      { kind: 'text', value: 'front end', negate: false },
      { kind: 'config', key: 'user.team', value: 'big team', negate: false },
      { kind: 'field', field: 'profile', values: ['web'], negate: false },
    ]);
  });

  it('ignores a field being typed and treats unknown keys as text', () => {
    expect(parseFilter('status:')).toEqual([]);
    expect(parseFilter('  ')).toEqual([]);
    expect(parseFilter('colour:red')).toEqual([
      { kind: 'text', value: 'colour:red', negate: false },
    ]);
  });

  it('removes one term and keeps the others as typed', () => {
    const query = 'web status:running user.team="big team"';
    expect(tokenizeFilter(query).map((token) => token.raw)).toEqual([
      'web',
      'status:running',
      'user.team="big team"',
    ]);
    expect(removeFilterToken(query, 1)).toBe('web user.team="big team"');
  });
});

describe('compileFilter', () => {
  it('matches everything when empty', () => {
    expect(matches('')).toBe(true);
  });

  it('matches free text in the name or description, any case', () => {
    expect(matches('WEB')).toBe(true);
    expect(matches('front')).toBe(true);
    expect(matches('db')).toBe(false);
    expect(matches('-web')).toBe(false);
    expect(matches('-db')).toBe(true);
    expect(matches('web front')).toBe(true);
    expect(matches('web back')).toBe(false);
  });

  it('matches status, type, profile, project and location', () => {
    expect(matches('status:running')).toBe(true);
    expect(matches('status:stopped')).toBe(false);
    expect(matches('status:stopped,running')).toBe(true);
    expect(matches('status:stopped status:running')).toBe(true);
    expect(matches('-status:running')).toBe(false);
    expect(matches('type:container')).toBe(true);
    expect(matches('type:vm')).toBe(false);
    expect(matches('type:virtual-machine', { type: 'virtual-machine' })).toBe(true);
    expect(matches('profile:web')).toBe(true);
    expect(matches('profile:db')).toBe(false);
    expect(matches('-profile:web')).toBe(false);
    expect(matches('project:default')).toBe(true);
    expect(matches('project:other')).toBe(false);
    expect(matches('location:member1')).toBe(true);
    expect(matches('location:member2')).toBe(false);
  });

  it('requires every different field', () => {
    expect(matches('status:running type:vm')).toBe(false);
    expect(matches('status:running type:container profile:web')).toBe(true);
  });

  it('matches user keys by value, presence and absence', () => {
    expect(matches('user.team=blue')).toBe(true);
    expect(matches('user.team=red')).toBe(false);
    expect(matches('-user.team=blue')).toBe(false);
    expect(matches('user.team')).toBe(true);
    expect(matches('user.other')).toBe(false);
    expect(matches('-user.other')).toBe(true);
    expect(matches('user.other=')).toBe(true);
  });
});

describe('the search while the details load', () => {
  const item = {
    name: 'web-1',
    description: 'front end',
    status: 'Running' as const,
    type: 'container' as const,
    profiles: [],
    project: 'default',
    location: 'none',
    config: {},
  };

  it('applies the free text to names (and known descriptions) only', () => {
    expect(compileNameFilter('web status:stopped')(item)).toBe(true);
    expect(compileNameFilter('front')(item)).toBe(true);
    expect(compileNameFilter('front')({ ...item, pending: true })).toBe(false);
    expect(compileNameFilter('-web')(item)).toBe(false);
    expect(needsDetails('web status:stopped')).toBe(true);
    expect(needsDetails('web')).toBe(false);
  });
});

describe('limits.* keys', () => {
  it('finds the instances without a limit (limits.cpu=) and those with one', () => {
    expect(parseFilter('limits.cpu=')).toEqual([
      { kind: 'config', key: 'limits.cpu', value: '', negate: false },
    ]);
    expect(matches('limits.cpu=')).toBe(false);
    expect(matches('limits.memory=')).toBe(true);
    expect(matches('limits.cpu=', { config: { 'limits.cpu': '' } })).toBe(true);
    expect(matches('limits.cpu=2')).toBe(true);
    expect(matches('-limits.cpu')).toBe(false);
    expect(matches('location:member1 limits.memory=')).toBe(true);
    expect(matches('location:member2 limits.memory=')).toBe(false);
  });
});

describe('tag:', () => {
  it('matches one of the instance tags (user.tags), any case, comma lists and negation', () => {
    const tagged = { config: { 'user.tags': 'web, DB' } };
    expect(matches('tag:web', tagged)).toBe(true);
    expect(matches('tag:db', tagged)).toBe(true);
    expect(matches('tag:we', tagged)).toBe(false);
    expect(matches('tag:cache,web', tagged)).toBe(true);
    expect(matches('-tag:web', tagged)).toBe(false);
    expect(matches('tag:web', { config: {} })).toBe(false);
    expect(matches('-tag:web', { config: {} })).toBe(true);
  });
});
