import { formatBytes } from '../../../shared/format/bytes';
import type { LxdResources } from '../../../lxd/types/resources';
import { cpuSummary, formatFrequency, plural, usedPercent } from '../format';

export function CpuSection({ cpu }: { cpu: LxdResources['cpu'] }) {
  const summary = cpuSummary(cpu);
  const sockets = cpu?.sockets ?? [];
  return (
    <section className="server-card" aria-labelledby="server-cpu-heading">
      <h2 className="p-heading--5" id="server-cpu-heading">
        CPU
      </h2>
      <dl className="page-facts">
        <dt>Logical CPUs</dt>
        <dd>{summary.threads}</dd>
        <dt>Cores</dt>
        <dd>{summary.cores}</dd>
        <dt>Sockets</dt>
        <dd>{summary.sockets}</dd>
        {summary.architecture && (
          <>
            <dt>Architecture</dt>
            <dd>{summary.architecture}</dd>
          </>
        )}
      </dl>
      {sockets.length > 0 && (
        <ul className="server-list server-sockets" aria-label="CPU sockets">
          {sockets.map((socket) => {
            const cores = socket.cores ?? [];
            const threads = cores.reduce((sum, core) => sum + (core.threads?.length ?? 0), 0);
            const frequency = formatFrequency(socket.frequency_turbo ?? socket.frequency);
            return (
              <li key={socket.socket}>
                <strong>Socket {socket.socket}</strong>: {socket.name ?? 'Unknown model'}
                <span className="u-text--muted">
                  {' — '}
                  {plural(cores.length, 'core')}, {plural(threads, 'thread')}
                  {frequency ? `, up to ${frequency}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function MemorySection({ memory }: { memory: LxdResources['memory'] }) {
  const used = memory?.used ?? 0;
  const total = memory?.total ?? 0;
  const percent = usedPercent(used, total);
  const hugepages = memory?.hugepages_total ?? 0;
  return (
    <section className="server-card" aria-labelledby="server-memory-heading">
      <h2 className="p-heading--5" id="server-memory-heading">
        Memory
      </h2>
      <dl className="page-facts">
        <dt>Total</dt>
        <dd>{formatBytes(total)}</dd>
        <dt>Used</dt>
        <dd>
          {formatBytes(used)} ({percent}%)
        </dd>
        <dt>Free</dt>
        <dd>{formatBytes(Math.max(0, total - used))}</dd>
        {hugepages > 0 && (
          <>
            <dt>Huge pages</dt>
            <dd>
              {formatBytes(memory?.hugepages_used ?? 0)} used of {formatBytes(hugepages)}
            </dd>
          </>
        )}
      </dl>
      <meter
        className="server-meter"
        min={0}
        max={total || 1}
        value={used}
        aria-label={`Memory used: ${formatBytes(used)} of ${formatBytes(total)}`}
      />
    </section>
  );
}
