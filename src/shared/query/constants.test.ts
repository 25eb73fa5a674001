import { describe, expect, it } from 'vitest';
import { LxdApiError } from '../../lxd/client';
import { QUERY_GC_TIME_MS, QUERY_RETRIES, queryRetryDelay } from './constants';
import { createQueryClient, shouldRetry } from './client';

describe('data cache constants (spec §9)', () => {
  it('retries 3 times', () => {
    expect(QUERY_RETRIES).toBe(3);
    expect(shouldRetry(0, new Error('network'))).toBe(true);
    expect(shouldRetry(2, new Error('network'))).toBe(true);
    expect(shouldRetry(3, new Error('network'))).toBe(false);
  });

  it('does not retry client errors', () => {
    expect(shouldRetry(0, new LxdApiError('not found', 404))).toBe(false);
    expect(shouldRetry(0, new LxdApiError('busy', 503))).toBe(true);
  });

  it('does not retry a call that needs an offline cluster member (LXD 5.0.2 texts)', () => {
    expect(
      shouldRetry(0, new LxdApiError('Missing event connection with target cluster member', 500)),
    ).toBe(false);
    expect(
      shouldRetry(
        0,
        new LxdApiError(
          'Post "https://10.201.0.13:8443/1.0/instances?project=default&target=m3": Unable to connect to: 10.201.0.13:8443 ([dial tcp 10.201.0.13:8443: connect: connection refused])',
          500,
        ),
      ),
    ).toBe(false);
    expect(shouldRetry(0, new LxdApiError('Failed to create instance', 500))).toBe(true);
  });

  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('drops unused data after 5 minutes', () => {
    expect(QUERY_GC_TIME_MS).toBe(300_000);
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000);
  });
});
