import { describe, expect, it } from 'vitest';
import { parseYaml, toYaml } from './parse';

describe('YAML parsing', () => {
  it('parses valid YAML', () => {
    expect(parseYaml('config:\n  limits.memory: 1GiB\n')).toEqual({
      ok: true,
      value: { config: { 'limits.memory': '1GiB' } },
    });
  });

  it('points at the line of an error', () => {
    const result = parseYaml('config:\n  a: 1\n b: [\n');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.line).toBeGreaterThanOrEqual(3);
      expect(result.error.message).toMatch(/^Line \d+, column \d+: /);
    }
  });

  it('round-trips objects', () => {
    const value = { name: 'p', devices: { root: { path: '/', pool: 'default', type: 'disk' } } };
    const text = toYaml(value);
    expect(parseYaml(text)).toEqual({ ok: true, value });
  });
});
