/**
 * The console server's JSON settings files (--identities, --remotes): read whole at start, and
 * every problem reported as one line that names the file and the line it is on.
 */
import { readFileSync } from 'node:fs';
import { ConsoleError, errorMessage } from './errors';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 1-based line of a character offset. */
function lineOf(text: string, index: number): number {
  return text.slice(0, Math.max(0, index)).split('\n').length;
}

/**
 * The offset of a value named by its keys, outermost first (["users", "alice"]): each key is
 * looked for after the one before it, so a name used twice in the file is found where it means
 * that. A key not found leaves the offset of the last one that was.
 */
function offsetOf(text: string, keys: readonly string[]): number {
  let at = 0;
  for (const key of keys) {
    const found = text.indexOf(JSON.stringify(key), at);
    if (found === -1) break;
    at = found;
  }
  return at;
}

export interface JsonFile {
  json: unknown;
  /** Throws a ConsoleError "<what> <file> line <n>: <message>" for the value at `keys`. */
  fail: (keys: readonly string[], message: string) => never;
}

/** Reads and parses `file`; `what` names it in messages ("identities file"). */
export function readJsonFile(file: string, what: string): JsonFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConsoleError(`cannot read the ${what} ${file}: ${errorMessage(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = errorMessage(error);
    const position = /position (\d+)/.exec(message)?.[1];
    const where = position === undefined ? '' : ` line ${lineOf(text, Number(position))}`;
    throw new ConsoleError(`${what} ${file}${where}: not valid JSON (${message})`);
  }
  return {
    json,
    fail(keys, message) {
      throw new ConsoleError(
        `${what} ${file} line ${lineOf(text, offsetOf(text, keys))}: ${message}`,
      );
    },
  };
}

/** Refuses any key of `value` not in `known` (`keys` locate `value` in the file). */
export function refuseUnknownKeys(
  file: JsonFile,
  keys: readonly string[],
  value: Record<string, unknown>,
  known: readonly string[],
  what = '',
): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) file.fail([...keys, key], `${what}unknown key "${key}"`);
  }
}
