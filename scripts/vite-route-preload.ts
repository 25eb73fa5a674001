/**
 * The files of the screens index.html's inline script preloads when the address is theirs (the
 * instance list; the project overview, issue #34): without it, a screen's code is asked for only
 * once the console's entry has run (a second round trip before its first figure). The build
 * writes each screen's files into the script's `var listFiles = [];` and `var overviewFiles =
 * [];` (the development server leaves them empty).
 */
import type { Plugin } from 'vite';

export const LIST_FILES_PLACEHOLDER = 'var listFiles = [];';
/** The page's own stylesheets, which the inline script asks for before the list's files. */
export const PAGE_STYLES_PLACEHOLDER = 'var pageStyles = [];';

/** The stylesheets a built page links to, in order. */
export function pageStylesheets(html: string): string[] {
  const hrefs: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="stylesheet"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) hrefs.push(href);
  }
  return hrefs;
}
export const LIST_SCREEN_MODULE = 'src/features/instances/list/InstanceListPage.tsx';
export const OVERVIEW_FILES_PLACEHOLDER = 'var overviewFiles = [];';
export const OVERVIEW_SCREEN_MODULE = 'src/features/overview/OverviewPage.tsx';

/** The screens preloaded, each when its placeholder is in the page (the list's must be). */
const SCREENS = [
  { placeholder: LIST_FILES_PLACEHOLDER, variable: 'listFiles', module: LIST_SCREEN_MODULE },
  {
    placeholder: OVERVIEW_FILES_PLACEHOLDER,
    variable: 'overviewFiles',
    module: OVERVIEW_SCREEN_MODULE,
  },
];

export interface ChunkInfo {
  fileName: string;
  facadeModuleId?: string | null;
  imports: readonly string[];
  css: readonly string[];
}

/**
 * The JS and CSS files the chunk of `module` needs before it runs (its static imports, their
 * imports, and their CSS), other than those index.html already names. Paths start with `base`.
 */
export function screenFiles(
  chunks: readonly ChunkInfo[],
  module: string,
  html: string,
  base: string,
): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
  if (!root) throw new Error(`no chunk for ${module}`);
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (chunk: ChunkInfo) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
    files.push(chunk.fileName, ...chunk.css);
  };
  visit(root);
  return [...new Set(files)]
    .filter((file) => !html.includes(`${base}${file}`))
    .map((file) => `${base}${file}`);
}

export function routePreloadPlugin(): Plugin {
  let base = '/';
  return {
    name: 'lxd-console:route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        for (const placeholder of [LIST_FILES_PLACEHOLDER, PAGE_STYLES_PLACEHOLDER]) {
          if (!html.includes(placeholder)) throw new Error(`index.html has no "${placeholder}"`);
        }
        const chunks: ChunkInfo[] = [];
        for (const file of Object.values(context.bundle)) {
          if (file.type !== 'chunk') continue;
          chunks.push({
            fileName: file.fileName,
            facadeModuleId: file.facadeModuleId,
            imports: file.imports,
            css: [...(file.viteMetadata?.importedCss ?? [])],
          });
        }
        let page = html;
        for (const screen of SCREENS) {
          if (!html.includes(screen.placeholder)) continue;
          const files = screenFiles(chunks, screen.module, html, base);
          page = page.replace(
            screen.placeholder,
            `var ${screen.variable} = ${JSON.stringify(files)};`,
          );
        }
        return page.replace(
          PAGE_STYLES_PLACEHOLDER,
          `var pageStyles = ${JSON.stringify(pageStylesheets(html))};`,
        );
      },
    },
  };
}
