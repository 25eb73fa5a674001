import { describe, expect, it } from 'vitest';
import { parseOverviewArgs } from './overview';

describe('bench:overview arguments', () => {
  it('measures 1,000 instances by default, 5 runs, with a build', () => {
    expect(parseOverviewArgs([])).toEqual({ counts: [1000], runs: 5, build: true, check: false });
  });

  it('takes instance counts, --runs, --no-build and --check', () => {
    expect(parseOverviewArgs(['10', '10000', '--runs', '3', '--no-build', '--check'])).toEqual({
      counts: [10, 10000],
      runs: 3,
      build: false,
      check: true,
    });
    expect(() => parseOverviewArgs(['--runs', '0'])).toThrow('--runs takes a whole number');
    expect(() => parseOverviewArgs(['--fast'])).toThrow('unknown argument --fast');
  });
});
