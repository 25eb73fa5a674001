/** Rules the identity, group and IdP group screens share. */

/**
 * A group or IdP group name as LXD takes it (lxd/auth_groups.go validateGroupName): not empty, no
 * "/" and no ":"; and not one that exists already (the current name is allowed).
 */
export function validateGroupName(
  kind: 'Group' | 'IdP group',
  name: string,
  existing: readonly string[],
  current?: string,
): string | undefined {
  if (name === '') return `${kind} name cannot be empty`;
  if (name.includes('/')) return `${kind} name cannot contain a forward slash`;
  if (name.includes(':')) return `${kind} name cannot contain a colon`;
  if (name !== current && existing.includes(name)) {
    return `${kind === 'Group' ? 'A group' : 'An IdP group'} with this name already exists`;
  }
  return undefined;
}

/** `groups` with `added` in it and `removed` out of it, in their order (added ones at the end). */
export function changeGroups(
  groups: readonly string[],
  added: readonly string[],
  removed: readonly string[],
): string[] {
  const next = groups.filter((group) => !removed.includes(group));
  for (const group of added) if (!next.includes(group)) next.push(group);
  return next;
}

/** What happened to each of several writes made at once. */
export interface Outcome {
  done: string[];
  failed: { item: string; message: string }[];
}

/** Runs `write` for every item at once and waits for all of them, whatever each answers. */
export async function forEachAtOnce(
  items: readonly string[],
  write: (item: string) => Promise<unknown>,
): Promise<Outcome> {
  const results = await Promise.allSettled(items.map((item) => write(item)));
  const outcome: Outcome = { done: [], failed: [] };
  results.forEach((result, index) => {
    const item = items[index] ?? '';
    if (result.status === 'fulfilled') outcome.done.push(item);
    else {
      const reason: unknown = result.reason;
      outcome.failed.push({
        item,
        message: reason instanceof Error ? reason.message : String(reason),
      });
    }
  });
  return outcome;
}

const count = (n: number, one: string, other: string) => `${String(n)} ${n === 1 ? one : other}`;

/** "3 identities updated", "2 identities updated, 1 failed". */
export function outcomeTitle(outcome: Outcome, noun: { one: string; other: string }, verb: string) {
  const done = `${count(outcome.done.length, noun.one, noun.other)} ${verb}`;
  return outcome.failed.length > 0 ? `${done}, ${String(outcome.failed.length)} failed` : done;
}

/** The failures, one a line: "alice: <LXD's message>". */
export const outcomeDetails = (outcome: Outcome, label: (item: string) => string) =>
  outcome.failed.map(({ item, message }) => `${label(item)}: ${message}`).join('\n');

/** A list search: every word of `term` must be in the row's text (case aside). */
export function matchWords<T>(term: string, text: (row: T) => string): (row: T) => boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return (row) => {
    const haystack = text(row).toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
}
