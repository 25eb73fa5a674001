import { describe, expect, it } from 'vitest';
import { fastestRun } from '../../testing/timing';
import { filterOptions, matchRank } from './match';

describe('matchRank', () => {
  it('ranks the label starting with the query first, then a word start, then anywhere', () => {
    expect(matchRank({ label: 'Start' }, 'sta')).toBe(0);
    expect(matchRank({ label: 'web-start' }, 'START')).toBe(1);
    expect(matchRank({ label: 'Create image' }, 'image')).toBe(1);
    expect(matchRank({ label: 'Restart' }, 'start')).toBe(2);
    expect(matchRank({ label: 'Stop' }, 'start')).toBe(-1);
  });

  it('needs every word of the query, in the label or the keywords', () => {
    expect(matchRank({ label: 'Show recent changes as commands' }, 'recent changes')).toBe(1);
    expect(matchRank({ label: 'web1', keywords: 'instance' }, 'instance web')).toBe(2);
    expect(matchRank({ label: 'web1', keywords: 'instance' }, 'profile web')).toBe(-1);
  });

  it('matches everything with an empty query', () => {
    expect(matchRank({ label: 'anything' }, '  ')).toBe(0);
  });
});

describe('filterOptions', () => {
  const labels = (options: { label: string }[]) => options.map((option) => option.label);

  it('keeps the given order within a rank and puts better ranks first', () => {
    const options = ['Restart', 'web-start', 'Start', 'Stop', 'start-2'].map((label) => ({
      label,
    }));
    expect(labels(filterOptions(options, 'start', 10))).toEqual([
      'Start',
      'start-2',
      'web-start',
      'Restart',
    ]);
  });

  it('shows at most the limit, and filters 10,000 options in one quick pass', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ label: `c${i}` }));
    expect(labels(filterOptions(many, 'c99', 3))).toEqual(['c99', 'c990', 'c991']);
    expect(fastestRun(() => filterOptions(many, '9999', 50))).toBeLessThan(100);
    const found = filterOptions(many, '9999', 50);
    expect(labels(found)).toEqual(['c9999']);
  });
});
