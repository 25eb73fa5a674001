import { describe, expect, it } from 'vitest';
import { bugTrackerUrl, consoleBuild, consoleBuildDefine } from './build-info';

describe('the build facts the console shows', () => {
  it.each([
    [{ bugs: { url: 'https://example.org/issues' } }, 'https://example.org/issues'],
    [{ bugs: 'https://example.org/issues' }, 'https://example.org/issues'],
    [{ bugs: { email: 'bugs@example.org' } }, null],
    [{ bugs: { url: 'javascript:alert(1)' } }, null],
    [{ bugs: null }, null],
    [{ name: 'lxd-console' }, null],
  ])('the bug tracker of %j is %s', (manifest, url) => {
    expect(bugTrackerUrl(manifest)).toBe(url);
  });

  it("are this project's package.json: its version, and no bug tracker today", () => {
    const build = consoleBuild();
    expect(build.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(build.bugsUrl).toBeNull();
    expect(JSON.parse(consoleBuildDefine().__CONSOLE_BUILD__ ?? '')).toEqual(build);
  });
});
