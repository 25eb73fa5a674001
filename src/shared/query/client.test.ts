import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LxdApiError } from '../../lxd/client';
import {
  ACCESS_RECHECK_INTERVAL_MS,
  accessRecheck,
  createQueryClient,
  isAccessRefusal,
} from './client';
import { projectKeys } from './projects';
import { serverKeys } from './server';

afterEach(() => {
  vi.useRealTimers();
});

describe('a refused call rechecks the sign-in (revoked or restricted while open)', () => {
  it('refetches the server settings and the projects on 403, at most once per interval', () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const recheck = accessRecheck(() => client);
    const checks = () => invalidate.mock.calls.length / 2;

    recheck(new LxdApiError('not authorized', 403));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      serverKeys.all,
      projectKeys.all,
    ]);

    // A burst within the interval: one more check, at its end.
    vi.advanceTimersByTime(1000);
    recheck(new LxdApiError('not authorized', 403));
    recheck(new LxdApiError('not authorized', 403));
    expect(checks()).toBe(1);
    vi.advanceTimersByTime(ACCESS_RECHECK_INTERVAL_MS - 1001);
    expect(checks()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(checks()).toBe(2);

    // Quiet for a whole interval: the next refusal checks at once.
    vi.advanceTimersByTime(ACCESS_RECHECK_INTERVAL_MS);
    recheck(new LxdApiError('not authorized', 403));
    expect(checks()).toBe(3);
    expect(ACCESS_RECHECK_INTERVAL_MS).toBe(5000);
  });

  it('leaves other errors alone', () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const recheck = accessRecheck(() => client);
    recheck(new LxdApiError('not found', 404));
    recheck(new LxdApiError('ETag mismatch', 412));
    recheck(new LxdApiError('boom', 500));
    recheck(new Error('network'));
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("takes Incus's 500 for a project the client may not see as a refusal too", () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const recheck = accessRecheck(() => client);
    recheck(new LxdApiError('User does not have permissions for project "default"', 500));
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(
      isAccessRefusal(new LxdApiError('User does not have permission for project "p"', 500)),
    ).toBe(true);
    expect(isAccessRefusal(new LxdApiError('Failed to load profiles', 500))).toBe(false);
    expect(
      isAccessRefusal(new LxdApiError('User does not have permissions for project "p"', 404)),
    ).toBe(false);
  });

  it('a query or a mutation answered 403 makes the active server query fetch again', async () => {
    const client = createQueryClient();
    let serverFetches = 0;
    const server = new QueryObserver(client, {
      queryKey: serverKeys.all,
      queryFn: () => {
        serverFetches += 1;
        return { auth: serverFetches === 1 ? 'trusted' : 'untrusted' };
      },
    });
    const unsubscribe = server.subscribe(() => undefined);
    await vi.waitFor(() => {
      expect(server.getCurrentResult().data).toEqual({ auth: 'trusted' });
    });

    await client
      .query({
        queryKey: ['profiles'],
        queryFn: () => Promise.reject(new LxdApiError('not authorized', 403)),
      })
      .catch(() => undefined);
    await vi.waitFor(() => {
      expect(server.getCurrentResult().data).toEqual({ auth: 'untrusted' });
    });
    expect(serverFetches).toBe(2);

    unsubscribe();
  });

  it('a refused mutation rechecks too', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new LxdApiError('no', 403)) })
      .execute(undefined)
      .catch(() => undefined);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: serverKeys.all });
  });

  it('GET /1.0 itself refused does not loop', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await client
      .query({
        queryKey: serverKeys.all,
        queryFn: () => Promise.reject(new LxdApiError('forbidden', 403)),
      })
      .catch(() => undefined);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
