/**
 * What a terminal does with an OSC 8 hyperlink (a program in the instance writes
 * `ESC ] 8 ; ; URL ESC \ text ESC ] 8 ; ; ESC \`). The text a program shows need not match where
 * the link goes, so: only http and https links open, the address is shown on hover and asked
 * about before opening, and the new tab gets neither the console as its opener nor a referrer.
 * (xterm's own handler opens any scheme once `confirm` is accepted.)
 */
import type { ILinkHandler } from '@xterm/xterm';

/** The link's address when it may be opened (http or https), else undefined. */
export function openableLink(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.href;
}

export const linkQuestion = (href: string) =>
  `A program in the instance wrote this link. Open it in a new tab?\n\n${href}`;

/** The handler for a terminal whose element is `element()` (its title shows the address). */
export function terminalLinkHandler(element: () => HTMLElement | undefined): ILinkHandler {
  return {
    allowNonHttpProtocols: false,
    activate(_event, uri) {
      const href = openableLink(uri);
      if (href === undefined) return;
      if (!window.confirm(linkQuestion(href))) return;
      window.open(href, '_blank', 'noopener,noreferrer');
    },
    hover(_event, uri) {
      const host = element();
      if (host) host.title = openableLink(uri) ?? `Not opened: ${uri}`;
    },
    leave() {
      const host = element();
      if (host) host.removeAttribute('title');
    },
  };
}
