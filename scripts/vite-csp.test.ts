import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../server/testing/fixtures';
import { buildCsp, cspPlugin, inlineScripts, readCsp, scriptHash, writeCsp } from './vite-csp';

const tmp = tempDir('vite-csp-');
afterAll(() => tmp.remove());

function nodeHash(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

const PAGE = (script: string) =>
  '<!doctype html><html><head><meta charset="UTF-8" />\n' +
  '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'" />\n' +
  `<script>${script}</script>\n` +
  '<script type="module" src="/src/main.ts"></script></head><body></body></html>';

describe('the CSP of index.html', () => {
  it('hashes the exact text of the inline scripts, not those with src', () => {
    const html = PAGE('\n  window.a = 1;\n');
    expect(inlineScripts(html)).toEqual(['\n  window.a = 1;\n']);
    expect(scriptHash('\n  window.a = 1;\n')).toBe(`'sha256-${nodeHash('\n  window.a = 1;\n')}'`);
  });

  it('allows each inline script by its hash in script-src, and nothing else inline', () => {
    const csp = buildCsp(['one()', 'two()']);
    expect(csp).toBe(
      "default-src 'self'; " +
        `script-src 'self' 'sha256-${nodeHash('one()')}' 'sha256-${nodeHash('two()')}'; ` +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; " +
        "connect-src 'self'; media-src 'self' blob:; worker-src 'self'; " +
        "object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    expect(csp).not.toContain('unsafe-eval');
    // Websockets go to the page's own host only ('self' matches ws:/wss: there, CSP Level 3).
    expect(csp).not.toMatch(/connect-src[^;]*wss?:/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('rewrites the meta element; a changed script changes the hash', () => {
    const first = readCsp(writeCsp(PAGE('start(1)')));
    const second = readCsp(writeCsp(PAGE('start(2)')));
    expect(first).toContain(`'sha256-${nodeHash('start(1)')}'`);
    expect(second).toContain(`'sha256-${nodeHash('start(2)')}'`);
    expect(second).not.toContain(nodeHash('start(1)'));
  });

  it('refuses a page without the meta element', () => {
    expect(() => writeCsp('<html><head><script>x()</script></head></html>')).toThrow(
      'index.html has no <meta http-equiv="Content-Security-Policy">',
    );
  });

  it('moves the meta element before a script that came first (it covers only what follows)', () => {
    const html = writeCsp(
      '<head><script src="/a.js"></script><script>x()</script><meta charset="UTF-8" />' +
        '<meta http-equiv="Content-Security-Policy" content="" /></head>',
    );
    expect(html).toBe(
      '<head><meta charset="UTF-8" />' +
        `<meta http-equiv="Content-Security-Policy" content="${buildCsp(['x()'])}" />` +
        '<script src="/a.js"></script><script>x()</script></head>',
    );
  });

  it('writes the hash of the inline script as the built index.html holds it', async () => {
    const root = path.join(tmp.dir, 'app');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'main.ts'), 'document.title = "built";\n');
    const script = "\n      window.early = fetch('/1.0');\n    ";
    writeFileSync(path.join(root, 'index.html'), PAGE(script));
    const outDir = path.join(tmp.dir, 'out');
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [cspPlugin()],
      build: { outDir, emptyOutDir: true },
    });
    const built = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const scripts = inlineScripts(built);
    expect(scripts).toEqual([script]);
    expect(readCsp(built)).toContain(`script-src 'self' 'sha256-${nodeHash(script)}';`);
    // The module script became a file under assets/: allowed by 'self'.
    expect(built).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
  });
});
