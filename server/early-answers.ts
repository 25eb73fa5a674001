/**
 * The instance list's first answers, asked of the right remote while the page is sent
 * (server/early-data.ts has the rules): the default remote for /ui/…, the named one for
 * /ui/remote/<name>/… .
 */
import type { IncomingMessage } from 'node:http';
import {
  EARLY_DATA_MAX_BYTES,
  EARLY_DATA_TIMEOUT_MS,
  earlyDataBlock,
  earlyDataUrls,
  remotePage,
  type EarlyAnswer,
} from './early-data';
import type { LxdProxy } from './proxy';
import { REMOTE_PREFIX } from './routes';

/** The data block of an instance list's page, or undefined. */
export async function withEarlyAnswers(
  req: IncomingMessage,
  proxies: ReadonlyMap<string, LxdProxy>,
  defaultName: string,
): Promise<string | undefined> {
  if (req.method !== 'GET') return undefined;
  const target = req.url ?? '';
  const page = remotePage(target);
  const proxy = proxies.get(page?.remote ?? defaultName);
  if (proxy === undefined) return undefined;
  const urls = earlyDataUrls(page?.target ?? target);
  if (urls.length === 0) return undefined;
  // The page asks another remote through /remote/<name>: its answers are kept under that URL.
  const prefix = page === undefined ? '' : `${REMOTE_PREFIX}${page.remote}`;
  const answers: Record<string, EarlyAnswer> = {};
  await Promise.all(
    urls.map(async (url) => {
      const answer = await proxy.read(req, url, EARLY_DATA_TIMEOUT_MS, EARLY_DATA_MAX_BYTES);
      if (answer) answers[`${prefix}${url}`] = answer;
    }),
  );
  return earlyDataBlock(answers);
}
