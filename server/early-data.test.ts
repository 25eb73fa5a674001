import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import {
  EARLY_DATA_TIMEOUT_MS,
  earlyDataBlock,
  earlyDataUrls,
  withEarlyData,
  type EarlyAnswer,
} from './early-data';
import { tempDir } from './testing/fixtures';

describe('which answers an instance list page gets', () => {
  it('names the list (as index.html writes its URL), for instance lists only', () => {
    expect(earlyDataUrls('/ui/project/default/instances')).toEqual([
      '/1.0/instances?project=default&recursion=0',
    ]);
    expect(earlyDataUrls('/ui/project/my%20proj/instances/?search=web')).toEqual([
      '/1.0/instances?project=my+proj&recursion=0',
    ]);
    expect(earlyDataUrls('/ui/all-projects/instances')).toEqual([
      '/1.0/instances?recursion=0&all-projects=true',
    ]);
    expect(earlyDataUrls('/ui/project/default/profiles')).toEqual([]);
    expect(earlyDataUrls('/ui/project/default/instance/c1')).toEqual([]);
    expect(earlyDataUrls('/ui/project/%E0%A4%A/instances')).toEqual([]);
  });

  it('puts the answers in a JSON block no text of LXD can end, before the first script', () => {
    const answers: Record<string, EarlyAnswer> = {
      '/1.0/instances?project=default&recursion=0': {
        body: '{"metadata":["/1.0/instances/</script><script>alert(1)</script>"]}',
      },
    };
    const block = earlyDataBlock(answers) ?? '';
    expect(block).toMatch(/^<script type="application\/json" id="lxd-early-data">/);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual(answers);
    expect(earlyDataBlock({})).toBeUndefined();
    const page = '<head><meta charset="UTF-8" /><script>early()</script></head>';
    expect(withEarlyData(page, '<b>')).toBe(
      '<head><meta charset="UTF-8" /><b>\n    <script>early()</script></head>',
    );
  });
});

describe('the console server puts them into the page', () => {
  const tmp = tempDir('early-data-');
  const socket = path.join(tmp.dir, 'lxd.socket');
  const ui = path.join(tmp.dir, 'ui');
  let namesDelayMs = 0;
  let namesStatus = 200;
  let lxd: http.Server;
  let server: ConsoleServer;
  let origin = '';

  beforeAll(async () => {
    mkdirSync(ui, { recursive: true });
    writeFileSync(
      path.join(ui, 'index.html'),
      '<!doctype html><head><meta charset="UTF-8" /><script>early()</script></head><div id="root"></div>',
    );
    lxd = http.createServer((req, res) => {
      if (req.url === '/1.0') {
        res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"server-etag"' });
        res.end(
          JSON.stringify({
            type: 'sync',
            status_code: 200,
            metadata: { auth: 'trusted', environment: { server_version: '5.0.2' } },
          }),
        );
        return;
      }
      if (req.url === '/1.0/instances?project=default&recursion=0') {
        setTimeout(() => {
          res.writeHead(namesStatus, { 'Content-Type': 'application/json', ETag: '"names-etag"' });
          res.end(JSON.stringify({ type: 'sync', metadata: ['/1.0/instances/c1'] }));
        }, namesDelayMs);
        return;
      }
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"type":"error","error_code":404,"error":"not found"}');
    });
    await new Promise<void>((resolve) => lxd.listen(socket, resolve));
    server = createConsoleServer({
      uiDir: ui,
      host: '127.0.0.1',
      port: 0,
      lxd: { kind: 'socket', path: socket },
    });
    origin = new URL((await server.listen()).url).origin;
  });

  afterAll(async () => {
    await server.close();
    lxd.closeAllConnections();
    await new Promise<void>((resolve) => lxd.close(() => resolve()));
    tmp.remove();
  });

  const page = async (target: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${target}`, { headers });
    const text = await response.text();
    const match = /<script type="application\/json" id="lxd-early-data">(.*?)<\/script>/.exec(text);
    return {
      response,
      data: match?.[1] ? (JSON.parse(match[1]) as Record<string, EarlyAnswer>) : undefined,
    };
  };

  it('an instance list page holds the names with their ETag (not /1.0), and is never stored', async () => {
    namesDelayMs = 0;
    namesStatus = 200;
    const { response, data } = await page('/ui/project/default/instances');
    expect(data).toEqual({
      '/1.0/instances?project=default&recursion=0': {
        body: '{"type":"sync","metadata":["/1.0/instances/c1"]}',
        etag: '"names-etag"',
      },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('content-security-policy')).not.toBeNull();
  });

  it('other pages, pages opened from another site and slow or refused answers get none', async () => {
    const other = await page('/ui/project/default/profiles');
    expect(other.data).toBeUndefined();
    expect(other.response.headers.get('etag')).not.toBeNull();

    const crossSite = await page('/ui/project/default/instances', {
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(crossSite.data).toBeUndefined();

    namesDelayMs = EARLY_DATA_TIMEOUT_MS + 150;
    const slow = await page('/ui/project/default/instances');
    expect(slow.data).toBeUndefined();
    expect(slow.response.headers.get('etag')).not.toBeNull();

    namesDelayMs = 0;
    namesStatus = 403;
    const refused = await page('/ui/project/default/instances');
    expect(refused.data).toBeUndefined();
  });
});
