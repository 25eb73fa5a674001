import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('parseArgs', () => {
  it('defaults to N = 10 and 1000, 5 runs, with LXD /ui and the soak', () => {
    expect(parseArgs([])).toMatchObject({
      counts: [10, 1000],
      runs: 5,
      check: false,
      build: true,
      lxdUi: true,
      soak: true,
      soakEvents: 1000,
    });
  });
  it('takes counts in any order, once each, and the options', () => {
    const args = parseArgs(['5000', '10', '--runs', '3', '--check', '1000', '10', '--no-soak']);
    expect(args).toMatchObject({ counts: [10, 1000, 5000], runs: 3, check: true, soak: false });
  });
  it('measures a given build without building', () => {
    expect(parseArgs(['--ui-dir', '/tmp/ui'])).toMatchObject({ uiDir: '/tmp/ui', build: false });
  });
  it('only prepares the fixtures with --prepare-only, without building', () => {
    expect(parseArgs(['10000', '--prepare-only'])).toMatchObject({
      counts: [10000],
      prepareOnly: true,
      build: false,
    });
    expect(parseArgs([]).prepareOnly).toBe(false);
  });
  it('refuses what it does not know', () => {
    expect(() => parseArgs(['--fast'])).toThrow('unknown option --fast (see --help)');
    expect(() => parseArgs(['--runs', '0'])).toThrow(
      "--runs must be a whole number from 1 to 50 (got '0')",
    );
    expect(() => parseArgs(['ten'])).toThrow(
      "N must be a whole number from 1 to 99999 (got 'ten')",
    );
  });
});
