/**
 * The palette's matcher: every word of the query must be in the option's label or keywords;
 * options whose label starts with the query come first, then those where a word of the label
 * starts with it, then any other match. One pass over the options, however many (10,000
 * instances), keeping at most `limit`.
 */

export interface Matchable {
  label: string;
  /** More text that finds the option (the action's noun, the resource's type). */
  keywords?: string | undefined;
}

/** 0: the label starts with the query; 1: a word of it does; 2: found elsewhere; -1: no match. */
export function matchRank(option: Matchable, query: string): number {
  const needle = query.trim().toLowerCase();
  if (needle === '') return 0;
  const label = option.label.toLowerCase();
  if (label.startsWith(needle)) return 0;
  const words = needle.split(/\s+/);
  const haystack = option.keywords ? `${label} ${option.keywords.toLowerCase()}` : label;
  if (!words.every((word) => haystack.includes(word))) return -1;
  return wordStarts(label, needle) ? 1 : 2;
}

const SEPARATOR = /[\s\-_./:]/;

function wordStarts(label: string, needle: string): boolean {
  for (let at = label.indexOf(needle); at > 0; at = label.indexOf(needle, at + 1)) {
    if (SEPARATOR.test(label.charAt(at - 1))) return true;
  }
  return false;
}

/**
 * The options that match, best first (in their given order within a rank), at most `limit`:
 * the pass stops once the best rank alone has `limit` options.
 */
export function filterOptions<T extends Matchable>(
  options: Iterable<T>,
  query: string,
  limit: number,
): T[] {
  const ranks: T[][] = [[], [], []];
  for (const option of options) {
    const rank = matchRank(option, query);
    if (rank < 0) continue;
    const bucket = ranks[rank];
    if (bucket && bucket.length < limit) bucket.push(option);
    if (ranks[0]?.length === limit) break;
  }
  return ranks.flat().slice(0, limit);
}
