/**
 * A form's problems: a message per field path ("name", "config.limits_cpu", "rules.1.port"),
 * as the feature's rules find them. The form kit hands them to react-hook-form as its resolver,
 * so a field shows its problem once touched or once the form was sent.
 */
import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';

export type Problems = Partial<Record<string, string>>;

/** The first problem in the order the rules found them. */
export function firstProblem(problems: Problems): [string, string] | undefined {
  for (const [path, message] of Object.entries(problems)) {
    if (message) return [path, message];
  }
  return undefined;
}

/** react-hook-form's nested errors for flat problems ("rules.1.port" → errors.rules[1].port). */
export function toFieldErrors<V extends FieldValues>(problems: Problems): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  for (const [path, message] of Object.entries(problems)) {
    if (message) set(errors, path, { type: 'rule', message });
  }
  return errors;
}

/** A resolver that runs `validate` over all values (the problems of fields not yet touched stay hidden). */
export function problemsResolver<V extends FieldValues>(
  validate: (values: V) => Problems,
): Resolver<V> {
  return (values) => {
    const problems = validate(values);
    if (firstProblem(problems) === undefined) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<V>(problems) };
  };
}

/** Whether two plain values (form values: strings, numbers, booleans, arrays, objects) are equal. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) =>
    sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** The paths whose leaf is `true` in react-hook-form's touched or dirty fields. */
export function markedPaths(marks: unknown, prefix = ''): string[] {
  if (marks === true) return prefix ? [prefix] : [];
  if (typeof marks !== 'object' || marks === null) return [];
  return Object.entries(marks as Record<string, unknown>).flatMap(([key, value]) =>
    markedPaths(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** The paths of the problems react-hook-form shows, in the order of the fields. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(errors) as [string, unknown][]) {
    if (value === undefined || value === null || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') found.push(path);
    else found.push(...errorPaths(value, path));
  }
  return found;
}
