import { describe, expect, it } from 'vitest';
import type { UsageSample } from '../../lxd/endpoints/metrics';
import { METRIC_HISTORY_LENGTH, appendAll, appendSample, chartData } from './history';

const at = (seconds: number, over: Partial<UsageSample> = {}): UsageSample => ({
  time: seconds * 1000,
  cpuSeconds: seconds / 10,
  memoryBytes: 1024 * seconds,
  diskBytes: 4096,
  receivedBytes: 100 * seconds,
  sentBytes: 50 * seconds,
  ...over,
});

describe('metric history (spec §4: the last 6 entries)', () => {
  it('keeps the last 6 entries, oldest first', () => {
    expect(METRIC_HISTORY_LENGTH).toBe(6);
    let history: UsageSample[] = [];
    for (let s = 1; s <= 9; s++) history = appendSample(history, at(s * 15));
    expect(history.map((sample) => sample.time / 15000)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(appendSample(history.slice(0, 5), at(200))).toHaveLength(6);
  });

  it('replaces the newest entry with a sample of the same moment', () => {
    const history = appendSample([at(15)], at(15, { memoryBytes: 7 }));
    expect(history).toEqual([at(15, { memoryBytes: 7 })]);
  });

  it('appends per instance and drops instances no longer reported', () => {
    const first = appendAll(
      new Map(),
      new Map([
        ['p/a', at(15)],
        ['p/b', at(15)],
      ]),
    );
    const second = appendAll(first, new Map([['p/a', at(30)]]));
    expect([...second.keys()]).toEqual(['p/a']);
    expect(second.get('p/a')).toEqual([at(15), at(30)]);
  });

  it('charts CPU as % of one CPU and network as bytes per second since the entry before', () => {
    const data = chartData([at(15), at(30), at(45, { cpuSeconds: 3 + 1.5, receivedBytes: 0 })]);
    expect(data.times).toEqual([15, 30, 45]);
    expect(data.cpuPercent).toEqual([null, 10, 10]);
    expect(data.memoryBytes).toEqual([15360, 30720, 46080]);
    expect(data.diskBytes).toEqual([4096, 4096, 4096]);
    // A counter that went back (the instance restarted) gives no rate.
    expect(data.receivedPerSecond).toEqual([null, 100, null]);
    expect(data.sentPerSecond).toEqual([null, 50, 50]);
  });
});
