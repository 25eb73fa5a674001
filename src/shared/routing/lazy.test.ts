import { describe, expect, it, vi } from 'vitest';
import { LAZY_LOAD_BACKOFF_MS, LAZY_LOAD_RETRIES, importWithRetry } from './lazy';

describe('importWithRetry', () => {
  it('retries a failed load 5 times with 300 ms × attempt back-off', async () => {
    const waits: number[] = [];
    const load = vi.fn(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    await expect(
      importWithRetry(load, LAZY_LOAD_RETRIES, (ms) => {
        waits.push(ms);
        return Promise.resolve();
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledTimes(6);
    expect(waits).toEqual([300, 600, 900, 1200, 1500]);
    expect(LAZY_LOAD_BACKOFF_MS).toBe(300);
  });

  it('returns as soon as a load succeeds', async () => {
    let calls = 0;
    const load = () => (++calls < 3 ? Promise.reject(new Error('x')) : Promise.resolve('module'));
    await expect(importWithRetry(load, 5, () => Promise.resolve())).resolves.toBe('module');
    expect(calls).toBe(3);
  });
});
