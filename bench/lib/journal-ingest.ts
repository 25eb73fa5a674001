/** The journal bench's ingest: a fake LXD event stream on a unix socket, through the collector. */
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { startCollector } from '../../server/journal/collector';
import { openJournalDb, type JournalStoreTarget } from '../../server/journal/db';
import { openJournal } from '../../server/journal/journal';
import { migrate } from '../../server/journal/schema';
import { createUpstream } from '../../server/upstream';

export const INGEST_EVENTS = 20_000;

/** Events per second through the collector, from a fake LXD's event stream to the database. */
export async function ingest(target: JournalStoreTarget, stateDirPath: string): Promise<number> {
  mkdirSync(stateDirPath, { recursive: true });
  const socketPath = path.join(stateDirPath, 'fake-lxd.socket');
  rmSync(socketPath, { force: true });
  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"type":"sync","metadata":[]}');
  });
  const now = Date.now();
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      for (let i = 0; i < INGEST_EVENTS; i += 1) {
        ws.send(
          JSON.stringify({
            type: 'lifecycle',
            timestamp: new Date(now + i).toISOString(),
            project: 'default',
            metadata: {
              action: 'instance-updated',
              source: `/1.0/instances/ingest-${String(i)}`,
              requestor: { username: 'bench', protocol: 'tls', address: '127.0.0.1:1' },
            },
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  const journal = openJournal({ store: target, stateDir: stateDirPath });
  const db = await openJournalDb(target);
  await migrate(db);
  await db.query("DELETE FROM journal WHERE name LIKE 'ingest-%'");
  await db.close();
  const lxd = { kind: 'socket' as const, path: socketPath };
  const started = performance.now();
  const collector = startCollector(
    [{ name: 'ingest', isDefault: true, target: lxd, upstream: createUpstream(lxd) }],
    journal,
  );
  let done = 0;
  while (done < INGEST_EVENTS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await journal.flush();
    const [row] = await journal.read((d) =>
      d.query<{ n: string | number }>(
        "SELECT count(*) AS n FROM journal WHERE remote = 'ingest' AND kind = 'lifecycle'",
      ),
    );
    done = Number(row?.n ?? 0);
    if (performance.now() - started > 300_000) throw new Error('ingest took over 5 minutes');
  }
  const seconds = (performance.now() - started) / 1000;
  collector.close();
  await journal.read((d) => d.query("DELETE FROM journal WHERE remote = 'ingest'"));
  await journal.close();
  wss.close();
  server.close();
  return INGEST_EVENTS / seconds;
}
