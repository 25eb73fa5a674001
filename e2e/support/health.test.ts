import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lxdAnswers, watchLxd } from './health';

let dir: string;
let socketPath: string;
let server: http.Server;
/** What the fake daemon does with a request: answer, or hold it (a hung daemon). */
let mode: 'answer' | 'hang' = 'answer';

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'health-'));
  socketPath = path.join(dir, 'unix.socket');
  mode = 'answer';
  server = http.createServer((_req, res) => {
    if (mode === 'hang') return;
    res.setHeader('Content-Type', 'application/json');
    res.end('{"type":"sync","status_code":200,"metadata":{}}');
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the e2e LXD health watch', () => {
  it('asks /1.0 on the unix socket: an answer is true, a hang or no socket is false', async () => {
    expect(await lxdAnswers(socketPath, 500)).toBe(true);
    mode = 'hang';
    expect(await lxdAnswers(socketPath, 100)).toBe(false);
    expect(await lxdAnswers(path.join(dir, 'missing.socket'), 100)).toBe(false);
  });

  it('reports nothing when the daemon answered every time', async () => {
    const watch = watchLxd('e2e LXD', socketPath, dir, {
      everyMs: 20,
      timeoutMs: 200,
      load: () => 1,
    });
    await sleep(100);
    expect(await watch.finish()).toEqual([]);
  });

  it('reports a load above the limit with the busiest processes', async () => {
    const watch = watchLxd('e2e LXD', socketPath, dir, {
      everyMs: 20,
      timeoutMs: 200,
      load: () => 9.5,
    });
    await sleep(100);
    const report = await watch.finish();
    const line = report.find((l) => l.startsWith('- 1-minute load average up to 9.5 at '));
    expect(line).toMatch(/\(\d+ CPUs\); busiest then:$/);
    const after = report.slice(report.indexOf(line ?? '') + 1);
    expect(after[0]).toMatch(/%CPU/);
    expect(report).toContain('- at the end: answering; daemon process unknown');
  });

  it('names an outage and its end, the process and the tail of lxd.out', async () => {
    writeFileSync(path.join(dir, 'lxd.pid'), `${process.pid}\n`);
    writeFileSync(path.join(dir, 'lxd.out'), 'line one\n\npanic: concurrent map writes\n');
    const watch = watchLxd('e2e LXD', socketPath, dir, {
      everyMs: 20,
      timeoutMs: 30,
      load: () => 0,
    });
    await sleep(60);
    mode = 'hang';
    await sleep(150);
    mode = 'answer';
    server.closeAllConnections();
    await sleep(150);
    const report = await watch.finish();
    expect(report[0]).toBe(
      'e2e LXD: health report (the disruptive tests stop it on purpose, last)',
    );
    expect(report[1]).toMatch(/^- not answering GET \/1\.0 from .* to .*, \d+ missed check\(s\)$/);
    expect(report).toContain(`- at the end: answering; daemon process ${process.pid} alive`);
    expect(report.slice(-3)).toEqual([
      `- last lines of ${dir}/lxd.out:`,
      'line one',
      'panic: concurrent map writes',
    ]);
  });

  it('says when the daemon is still not answering at the end and its process is gone', async () => {
    writeFileSync(path.join(dir, 'lxd.pid'), '999999999\n');
    const watch = watchLxd('e2e LXD', socketPath, dir, {
      everyMs: 20,
      timeoutMs: 30,
      load: () => 0,
    });
    mode = 'hang';
    await sleep(120);
    const report = await watch.finish();
    expect(report[1]).toMatch(/to the end, \d+ missed check\(s\)$/);
    expect(report).toContain('- at the end: not answering; daemon process 999999999 gone');
  });
});
