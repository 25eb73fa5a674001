/**
 * The Content-Security-Policy of index.html, for both deployments (served by LXD's LXD_UI and by
 * the console server). index.html carries `<meta http-equiv="Content-Security-Policy">`; this
 * Vite plugin writes the policy into it, allowing the page's inline scripts by the SHA-256 of
 * their final text (in a build, read from the emitted index.html itself, after every other
 * transform). The console server sends the same policy as a header, plus `frame-ancestors`,
 * which browsers ignore in a meta element (server/static.ts).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * What the console needs besides its own files:
 * - style-src 'unsafe-inline': CodeMirror (style-mod) and xterm add `<style>` elements, Vite's
 *   dev server injects CSS that way; React's `style` props are CSSOM and need nothing;
 * - img-src data: blob: Vanilla's icons are data: SVGs in the CSS; SPICE draws cursors and JPEG
 *   tiles from data: URLs;
 * - media-src blob: SPICE video and audio streams (MediaSource object URLs);
 * - connect-src 'self' only: the terminal, console and event websockets are on the page's own
 *   host, and CSP Level 3 lets 'self' match ws: and wss: URLs of that host (Chromium and Firefox
 *   do); a bare `wss:` would allow websockets to any host. Everything the console fetches is
 *   relative (/1.0, /documentation, /console/simplestreams);
 * - worker-src 'self': the key-generation worker of the login pages (a module file).
 */
export const CSP_DIRECTIVES: readonly (readonly [string, ...string[]])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'", "'unsafe-inline'"],
  ['img-src', "'self'", 'data:', 'blob:'],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['media-src', "'self'", 'blob:'],
  ['worker-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
];

const META_RE = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/i;
const CHARSET_RE = /<meta\s+charset="[^"]*"\s*\/?>/i;
const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The text of each inline script (no src attribute), exactly as the HTML holds it. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(SCRIPT_RE)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    scripts.push(text);
  }
  return scripts;
}

/** A CSP hash source: 'sha256-' and the base64 SHA-256 of the script's UTF-8 text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy for a page with the given inline scripts. */
export function buildCsp(scripts: readonly string[]): string {
  const hashes = [...new Set(scripts.map(scriptHash))];
  return CSP_DIRECTIVES.map(([name, ...sources]) =>
    [name, ...sources, ...(name === 'script-src' ? hashes : [])].join(' '),
  ).join('; ');
}

/** The policy a page's CSP meta element holds, or undefined without one. */
export function readCsp(html: string): string | undefined {
  const meta = META_RE.exec(html)?.[0];
  return meta === undefined ? undefined : /content="([^"]*)"/i.exec(meta)?.[1];
}

/**
 * Writes the policy for the page's inline scripts into its CSP meta element, which must exist.
 * A meta policy covers only what follows it: when a script comes first (Vite's dev server puts
 * its own at the top of the head), the element moves to just before that script.
 */
export function writeCsp(html: string): string {
  const meta = META_RE.exec(html);
  if (!meta) throw new Error('index.html has no <meta http-equiv="Content-Security-Policy">');
  const element = `<meta http-equiv="Content-Security-Policy" content="${buildCsp(inlineScripts(html))}" />`;
  const firstScript = html.search(/<script\b/i);
  if (firstScript === -1 || firstScript > meta.index) {
    return html.slice(0, meta.index) + element + html.slice(meta.index + meta[0].length);
  }
  // The charset declaration goes first still (it must be within the first 1024 bytes).
  const charset = CHARSET_RE.exec(html.slice(firstScript))?.[0] ?? '';
  const rest = (html.slice(0, meta.index) + html.slice(meta.index + meta[0].length)).replace(
    charset,
    '',
  );
  return rest.slice(0, firstScript) + charset + element + rest.slice(firstScript);
}

/** Vite plugin: the dev server's page and the built index.html get their policy. */
export function cspPlugin(): Plugin {
  return {
    name: 'lxd-console:csp',
    enforce: 'post',
    // Dev: the page as served, after Vite and the React plugin added their scripts.
    transformIndexHtml: { order: 'post', handler: (html) => writeCsp(html) },
    // Build: the emitted file, whatever ran after transformIndexHtml.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.html')) continue;
          const html =
            typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
          file.source = writeCsp(html);
        }
      },
    },
  };
}
