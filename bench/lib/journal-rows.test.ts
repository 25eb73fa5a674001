import { describe, expect, it } from 'vitest';
import { parseJournalArgs } from '../journal';
import { generatedEntry } from './journal-rows';

describe('the journal bench', () => {
  it('reads its arguments, refusing what it does not know', () => {
    expect(parseJournalArgs([])).toMatchObject({
      rows: 1_000_000,
      runs: 5,
      backends: ['embedded', 'postgres'],
      build: true,
      browser: true,
      check: false,
    });
    expect(
      parseJournalArgs(['--rows', '1000', '--backend', 'postgres', '--no-browser', '--check']),
    ).toMatchObject({ rows: 1000, backends: ['postgres'], browser: false, check: true });
    expect(() => parseJournalArgs(['--rows', '0'])).toThrow(
      '--rows takes a whole number from 1 to 20000000',
    );
    expect(() => parseJournalArgs(['--backend', 'mysql'])).toThrow(
      '--backend takes embedded, postgres or both',
    );
  });

  it('generates entries as LXD names their users, spread over 30 days up to now', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    const first = generatedEntry(0, 1000, now);
    const last = generatedEntry(999, 1000, now);
    expect(first.user).toMatch(/^[0-9a-f]{64}$/);
    expect(first.identity).toBe('user-0');
    expect(generatedEntry(3, 1000, now).identity).toBe('user-3');
    expect(Date.parse(first.time)).toBe(now - 30 * 86_400_000);
    expect(Date.parse(last.time)).toBeGreaterThan(now - 86_400_000);
    expect(first.key).not.toBe(generatedEntry(1, 1000, now).key);
  });
});
