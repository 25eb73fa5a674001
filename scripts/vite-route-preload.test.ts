import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../server/testing/fixtures';
import { cspPlugin, inlineScripts, readCsp } from './vite-csp';
import {
  LIST_FILES_PLACEHOLDER,
  PAGE_STYLES_PLACEHOLDER,
  pageStylesheets,
  LIST_SCREEN_MODULE,
  OVERVIEW_FILES_PLACEHOLDER,
  OVERVIEW_SCREEN_MODULE,
  routePreloadPlugin,
  screenFiles,
} from './vite-route-preload';

const tmp = tempDir('vite-route-preload-');
afterAll(() => tmp.remove());

describe('the instance list files preloaded by index.html', () => {
  it('lists the screen chunk, its static imports (deeply) and their CSS, not what the page names', () => {
    const chunks = [
      { fileName: 'assets/index-1.js', imports: ['assets/common-1.js'], css: [] },
      { fileName: 'assets/common-1.js', imports: [], css: [] },
      {
        fileName: 'assets/List-1.js',
        facadeModuleId: `/repo/${LIST_SCREEN_MODULE}`,
        imports: ['assets/list-1.js', 'assets/common-1.js'],
        css: ['assets/List-1.css'],
      },
      { fileName: 'assets/list-1.js', imports: ['assets/icon-1.js'], css: ['assets/list-1.css'] },
      { fileName: 'assets/icon-1.js', imports: [], css: [] },
      {
        fileName: 'assets/Other-1.js',
        facadeModuleId: '/repo/src/Other.tsx',
        imports: [],
        css: [],
      },
    ];
    const html =
      '<script src="/ui/assets/index-1.js"></script><link href="/ui/assets/common-1.js">';
    expect(screenFiles(chunks, LIST_SCREEN_MODULE, html, '/ui/')).toEqual([
      '/ui/assets/icon-1.js',
      '/ui/assets/list-1.js',
      '/ui/assets/list-1.css',
      '/ui/assets/List-1.js',
      '/ui/assets/List-1.css',
    ]);
    expect(() => screenFiles(chunks.slice(0, 2), LIST_SCREEN_MODULE, html, '/ui/')).toThrow(
      `no chunk for ${LIST_SCREEN_MODULE}`,
    );
  });

  it('reads the stylesheets a page links to, in order', () => {
    expect(
      pageStylesheets(
        '<link rel="icon" href="/ui/favicon.svg" /><link rel="modulepreload" href="/ui/a.js">' +
          '<link rel="stylesheet" crossorigin href="/ui/assets/a.css">' +
          '<link href="/ui/assets/b.css" rel="stylesheet">',
      ),
    ).toEqual(['/ui/assets/a.css', '/ui/assets/b.css']);
  });

  it('writes them into the built page, and the page policy allows the script as written', async () => {
    const root = path.join(tmp.dir, 'app');
    const listDir = path.join(root, path.dirname(LIST_SCREEN_MODULE));
    mkdirSync(listDir, { recursive: true });
    writeFileSync(
      path.join(root, 'src', 'main.ts'),
      "import './page.css';\nvoid import('./features/instances/list/InstanceListPage.tsx');\n" +
        "void import('./features/overview/OverviewPage.tsx');\n",
    );
    writeFileSync(
      path.join(root, 'src', 'shared.ts'),
      'export const shared = () => document.title;\n',
    );
    writeFileSync(path.join(listDir, 'list.css'), '.list { color: red; }\n');
    writeFileSync(path.join(root, 'src', 'page.css'), 'body { margin: 0; }\n');
    writeFileSync(
      path.join(root, LIST_SCREEN_MODULE),
      "import { shared } from '../../../shared';\nimport './list.css';\nexport const page = shared();\n",
    );
    mkdirSync(path.join(root, path.dirname(OVERVIEW_SCREEN_MODULE)), { recursive: true });
    writeFileSync(
      path.join(root, OVERVIEW_SCREEN_MODULE),
      "import { shared } from '../../shared';\nexport const overview = shared();\n",
    );
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><meta charset="UTF-8" />\n' +
        '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'" />\n' +
        `<script>\n  ${PAGE_STYLES_PLACEHOLDER}\n  ${LIST_FILES_PLACEHOLDER}\n  ${OVERVIEW_FILES_PLACEHOLDER}\n  window.files = listFiles.concat(overviewFiles);\n</script>\n` +
        '<script type="module" src="/src/main.ts"></script></head><body></body></html>',
    );
    const outDir = path.join(tmp.dir, 'out');
    await build({
      root,
      base: '/ui/',
      configFile: false,
      logLevel: 'silent',
      plugins: [routePreloadPlugin(), cspPlugin()],
      build: { outDir, emptyOutDir: true },
    });
    const built = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const files = JSON.parse(/var listFiles = (\[.*?\]);/.exec(built)?.[1] ?? 'null') as string[];
    expect(files.some((file) => /^\/ui\/assets\/InstanceListPage-[\w-]+\.js$/.test(file))).toBe(
      true,
    );
    expect(files.some((file) => /^\/ui\/assets\/InstanceListPage-[\w-]+\.css$/.test(file))).toBe(
      true,
    );
    for (const file of files)
      expect(readFileSync(path.join(outDir, file.slice('/ui/'.length)))).toBeTruthy();
    // The overview's: its own chunk and the shared one it imports, not the list's.
    const overview = JSON.parse(
      /var overviewFiles = (\[.*?\]);/.exec(built)?.[1] ?? 'null',
    ) as string[];
    expect(overview.some((file) => /^\/ui\/assets\/OverviewPage-[\w-]+\.js$/.test(file))).toBe(
      true,
    );
    expect(overview.some((file) => file.includes('InstanceListPage'))).toBe(false);
    for (const file of overview)
      expect(readFileSync(path.join(outDir, file.slice('/ui/'.length)))).toBeTruthy();
    // The page's own stylesheet, as the page links it.
    const styles = JSON.parse(/var pageStyles = (\[.*?\]);/.exec(built)?.[1] ?? 'null') as string[];
    expect(styles).toHaveLength(1);
    expect(styles[0]).toMatch(/^\/ui\/assets\/index-[\w-]+\.css$/);
    expect(built).toContain(`<link rel="stylesheet" crossorigin href="${styles[0] ?? ''}">`);
    const [script] = inlineScripts(built);
    const hash = createHash('sha256')
      .update(script ?? '')
      .digest('base64');
    expect(readCsp(built)).toContain(`'sha256-${hash}'`);
  });
});
