/**
 * Facts of this build that the console shows (its version, where bugs are reported), read from
 * package.json when Vite builds or Vitest runs, and given to the code as the constant
 * `__CONSOLE_BUILD__` (declared in src/app/build-info.d.ts): the bundle holds these two values,
 * not the whole package.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ConsoleBuild {
  version: string;
  /** The bug tracker's address (package.json `bugs`), or null when none is named. */
  bugsUrl: string | null;
}

/** package.json's `bugs` (`{ "url": … }`, or the address as a string); only http(s) counts. */
export function bugTrackerUrl(manifest: object): string | null {
  const bugs: unknown = 'bugs' in manifest ? manifest.bugs : undefined;
  const url: unknown = typeof bugs === 'object' && bugs !== null && 'url' in bugs ? bugs.url : bugs;
  return typeof url === 'string' && /^https?:\/\/\S+$/i.test(url) ? url : null;
}

export function consoleBuild(
  root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
): ConsoleBuild {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { version: manifest.version, bugsUrl: bugTrackerUrl(manifest) };
}

/** Vite's `define` for the constant. */
export function consoleBuildDefine(): Record<string, string> {
  return { __CONSOLE_BUILD__: JSON.stringify(consoleBuild()) };
}
