import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sample from '../../../../lxd/endpoints/metrics.sample.txt?raw';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { renderSignedIn } from '../../../../testing/render';
import { UsageHistorySection } from './UsageHistorySection';

vi.mock('../../../../shared/metrics/load-uplot', () => ({
  loadUPlot: () =>
    Promise.resolve(
      class {
        setData = vi.fn();
        setSize = vi.fn();
        destroy = vi.fn();
      },
    ),
}));

const web1 = { name: 'web1', project: 'default', status: 'Running' } as LxdInstance;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('instance usage over time', () => {
  it('charts the instance from /1.0/metrics of its project', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url === '/1.0/metrics?project=default'
          ? new Response(sample)
          : new Response('{"type":"error","error":"not found","error_code":404}', { status: 404 }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderSignedIn(<UsageHistorySection instance={web1} />);
    const region = await screen.findByRole('region', { name: 'Usage over time' });
    expect(await screen.findByRole('figure', { name: 'CPU usage of web1' })).toHaveTextContent(
      '0.01 s in total',
    );
    expect(screen.getByRole('figure', { name: 'Network usage of web1' })).toHaveTextContent(
      'Network 3.5 KiB in, 1.6 KiB out',
    );
    // Only this instance, though the answer has two.
    expect(screen.queryByRole('figure', { name: /mfix-b/ })).not.toBeInTheDocument();
    expect(region).toHaveTextContent('Last 1 sample, every 15 s.');
  });

  it('asks again after 3 s, not 15, while LXD’s metrics do not have the instance yet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const fetch = vi.fn((url: string) => {
      if (url !== '/1.0/metrics?project=default') {
        return Promise.resolve(
          new Response('{"type":"error","error":"not found","error_code":404}', { status: 404 }),
        );
      }
      calls += 1;
      // LXD's cached collection from before the container started: no web1 in it.
      return Promise.resolve(
        new Response(calls === 1 ? sample.replaceAll('web1', 'other') : sample),
      );
    });
    vi.stubGlobal('fetch', fetch);
    renderSignedIn(<UsageHistorySection instance={web1} />);
    expect(await screen.findByText('No usage reported yet.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3100);
    expect(await screen.findByRole('figure', { name: 'CPU usage of web1' })).toHaveTextContent(
      '0.01 s in total',
    );
    expect(calls).toBe(2);
  });

  it('asks every 3 s for at most 15 s while the instance stays missing, then every 15 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const fetch = vi.fn((url: string) => {
      if (url !== '/1.0/metrics?project=default') {
        return Promise.resolve(
          new Response('{"type":"error","error":"not found","error_code":404}', { status: 404 }),
        );
      }
      calls += 1;
      return Promise.resolve(new Response(sample.replaceAll('web1', 'other')));
    });
    vi.stubGlobal('fetch', fetch);
    renderSignedIn(<UsageHistorySection instance={web1} />);
    expect(await screen.findByText('No usage reported yet.')).toBeInTheDocument();
    // The first answer, then one every 3 s until 15 s after it: 6 in all.
    await vi.advanceTimersByTimeAsync(15_500);
    expect(calls).toBe(6);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(calls).toBe(6);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calls).toBe(7);
  });

  it('uses the state counters when the server has no /1.0/metrics', async () => {
    const state = {
      status: 'Running',
      cpu: { usage: 1_500_000_000 },
      memory: { usage: 1024 * 1024 },
      disk: { root: { usage: 2048 } },
      network: {},
      processes: 1,
      pid: 1,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.startsWith('/1.0/metrics')
            ? new Response('{"type":"error","error":"not found","error_code":404}', { status: 404 })
            : new Response(JSON.stringify({ type: 'sync', metadata: state })),
        ),
      ),
    );
    renderSignedIn(<UsageHistorySection instance={web1} />);
    expect(await screen.findByRole('figure', { name: 'Disk usage of web1' })).toHaveTextContent(
      'Disk 2.0 KiB',
    );
    expect(screen.getByRole('figure', { name: 'CPU usage of web1' })).toHaveTextContent(
      '1.50 s in total',
    );
    expect(
      screen.getByText(
        /From the instance state counters \(The server did not give metrics: not found\)/,
      ),
    ).toBeInTheDocument();
  });
});
