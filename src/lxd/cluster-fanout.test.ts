import { describe, expect, it } from 'vitest';
import { LxdApiError } from './client';
import {
  ClusterFanOutError,
  clusterMemberError,
  fanOutToMembers,
  splitMemberConfig,
  writeToCluster,
} from './cluster-fanout';

describe('cluster fan-out (spec §7, §8)', () => {
  it('words a member failure exactly as the spec says', () => {
    expect(clusterMemberError('node2', 'Parent interface "eth9" not found')).toBe(
      'Error from cluster member node2: Parent interface "eth9" not found',
    );
  });

  it('writes the members one after the other, in order', async () => {
    const order: string[] = [];
    let running = 0;
    const done = await fanOutToMembers(['node1', 'node2', 'node3'], async (member) => {
      running += 1;
      expect(running).toBe(1);
      await Promise.resolve();
      order.push(member);
      running -= 1;
    });
    expect(order).toEqual(['node1', 'node2', 'node3']);
    expect(done).toEqual(['node1', 'node2', 'node3']);
  });

  it('stops at the first failing member and names it', async () => {
    const order: string[] = [];
    const run = fanOutToMembers(['node1', 'node2', 'node3'], (member) => {
      order.push(member);
      if (member === 'node2') return Promise.reject(new LxdApiError('No such interface', 400));
      return Promise.resolve();
    });
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClusterFanOutError);
    const fanOut = error as ClusterFanOutError;
    expect(fanOut.message).toBe('Error from cluster member node2: No such interface');
    expect(fanOut.member).toBe('node2');
    expect(fanOut.done).toEqual(['node1']);
    expect(fanOut.status).toBe(400);
    expect(order).toEqual(['node1', 'node2']);
  });

  it('sends the shared write only after every member', async () => {
    const order: string[] = [];
    await writeToCluster(
      ['node1', 'node2'],
      (member) => {
        order.push(member);
        return Promise.resolve();
      },
      () => {
        order.push('shared');
        return Promise.resolve();
      },
    );
    expect(order).toEqual(['node1', 'node2', 'shared']);
  });

  it('never sends the shared write after a member failed', async () => {
    const order: string[] = [];
    await expect(
      writeToCluster(
        ['node1'],
        () => Promise.reject(new Error('boom')),
        () => {
          order.push('shared');
          return Promise.resolve();
        },
      ),
    ).rejects.toThrow('Error from cluster member node1: boom');
    expect(order).toEqual([]);
  });

  it("keeps LXD's message when the shared write fails, saying which members were written", async () => {
    const error = await writeToCluster(
      ['node1'],
      () => Promise.resolve(),
      () => Promise.reject(new LxdApiError('Network not pending on any node', 400)),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClusterFanOutError);
    expect((error as ClusterFanOutError).message).toBe('Network not pending on any node');
    expect((error as ClusterFanOutError).member).toBeUndefined();
    expect((error as ClusterFanOutError).shared).toBe(true);
    expect((error as ClusterFanOutError).done).toEqual(['node1']);
  });

  it('names the member LXD could not notify during the shared write (LXD 5.0.2 text)', async () => {
    const asked: string[] = [];
    const error = await writeToCluster(
      ['m1', 'm2', 'm3'],
      () => Promise.resolve(),
      () =>
        Promise.reject(
          new LxdApiError(
            "failed to notify peer 10.201.0.12:8443: Source path 'not/absolute' doesn't exist",
            500,
          ),
        ),
      (address) => {
        asked.push(address);
        return Promise.resolve(address === '10.201.0.12:8443' ? 'm2' : undefined);
      },
    ).catch((e: unknown) => e);
    expect(asked).toEqual(['10.201.0.12:8443']);
    expect(error).toBeInstanceOf(ClusterFanOutError);
    const fanOut = error as ClusterFanOutError;
    expect(fanOut.message).toBe(
      "Error from cluster member m2: Source path 'not/absolute' doesn't exist",
    );
    expect(fanOut.member).toBe('m2');
    expect(fanOut.shared).toBe(true);
    expect(fanOut.done).toEqual(['m1', 'm2', 'm3']);
  });

  it("keeps LXD's text when the peer's address is not a known member", async () => {
    const text = 'failed to notify peer 10.9.9.9:8443: boom';
    const error = await writeToCluster(
      ['m1'],
      () => Promise.resolve(),
      () => Promise.reject(new LxdApiError(text, 500)),
      () => Promise.resolve(undefined),
    ).catch((e: unknown) => e);
    expect((error as ClusterFanOutError).message).toBe(text);
    expect((error as ClusterFanOutError).member).toBeUndefined();
  });

  it('passes the shared error through when there are no members', async () => {
    const original = new LxdApiError('Conflict', 412);
    await expect(
      writeToCluster(
        [],
        () => Promise.resolve(),
        () => Promise.reject(original),
      ),
    ).rejects.toBe(original);
  });

  it('splits member-specific keys from shared ones', () => {
    expect(
      splitMemberConfig(
        { parent: 'eth0', mtu: '1500', 'bridge.external_interfaces': 'eth1' },
        (key) => key === 'parent' || key === 'bridge.external_interfaces',
      ),
    ).toEqual({
      shared: { mtu: '1500' },
      member: { parent: 'eth0', 'bridge.external_interfaces': 'eth1' },
    });
  });
});
