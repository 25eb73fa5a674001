import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sample from '../../lxd/endpoints/metrics.sample.txt?raw';
import { fineGrainedAuth, renderSignedIn, testAuth } from '../../testing/render';
import { InstanceUsageHistory } from './components/InstanceUsageHistory';

// uPlot draws on a canvas jsdom does not have; the figures and captions are what is tested.
const charts = vi.hoisted(() => ({ created: [] as unknown[][] }));
vi.mock('../../shared/metrics/load-uplot', () => ({
  loadUPlot: () =>
    Promise.resolve(
      class {
        setData = vi.fn();
        setSize = vi.fn();
        destroy = vi.fn();
        constructor(_options: unknown, data: unknown[]) {
          charts.created.push(data);
        }
      },
    ),
}));

let urls: string[] = [];

function stubFetch(answer: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(answer(url));
    }),
  );
}

const json = (metadata: unknown, status = 200) =>
  new Response(
    JSON.stringify(
      status >= 400
        ? { type: 'error', error: 'not authorized', error_code: status, metadata: null }
        : { type: 'sync', metadata },
    ),
    { status },
  );

const runningWithState = [
  {
    name: 'c1',
    project: 'default',
    status: 'Running',
    state: {
      status: 'Running',
      cpu: { usage: 2_000_000_000 },
      memory: { usage: 3 * 1024 * 1024 },
      disk: {},
      network: { eth0: { type: 'broadcast', counters: { bytes_received: 2048, bytes_sent: 10 } } },
    },
  },
  { name: 'stopped', project: 'default', status: 'Stopped', state: { status: 'Stopped' } },
];

beforeEach(() => {
  urls = [];
  charts.created.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('instance usage on the project Usage page', () => {
  it('charts each running instance from /1.0/metrics', async () => {
    stubFetch((url) =>
      url.startsWith('/1.0/metrics') ? new Response(sample, { status: 200 }) : json(null, 404),
    );
    renderSignedIn(<InstanceUsageHistory project="default" />, { auth: testAuth() });
    const cpu = await screen.findByRole('figure', { name: 'CPU usage of web1' });
    expect(cpu).toHaveTextContent('CPU measuring…');
    expect(cpu).toHaveTextContent('0.01 s in total');
    expect(screen.getByRole('figure', { name: 'Memory usage of web1' })).toHaveTextContent(
      'Memory 2.4 MiB',
    );
    expect(screen.getByRole('figure', { name: 'Network usage of web1' })).toHaveTextContent(
      '3.5 KiB in, 1.6 KiB out',
    );
    const instances = screen.getAllByRole('region', { name: /^Usage of / });
    expect(instances.map((region) => within(region).getByRole('heading').textContent)).toEqual([
      'mfix-b',
      'web1',
    ]);
    expect(urls).toEqual(['/1.0/metrics?project=default']);
    // Eight charts (four per instance), each given the times and its series.
    await vi.waitFor(() => expect(charts.created).toHaveLength(8));
    expect(screen.queryByText(/instance state counters/)).not.toBeInTheDocument();
  });

  it('falls back to the instance state counters when /1.0/metrics is refused', async () => {
    stubFetch((url) => (url.startsWith('/1.0/metrics') ? json(null, 403) : json(runningWithState)));
    renderSignedIn(<InstanceUsageHistory project="default" />);
    const memory = await screen.findByRole('figure', { name: 'Memory usage of c1' });
    expect(memory).toHaveTextContent('Memory 3.0 MiB');
    expect(screen.getByRole('figure', { name: 'CPU usage of c1' })).toHaveTextContent(
      '2.00 s in total',
    );
    expect(screen.queryByRole('figure', { name: /of stopped$/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(/From the instance state counters \(The server did not give metrics/),
    ).toBeInTheDocument();
    expect(urls).toContain('/1.0/instances?project=default&recursion=2');
  });

  it('does not ask for metrics without the viewMetrics ability', async () => {
    stubFetch((url) => (url.startsWith('/1.0/metrics') ? json(null, 500) : json(runningWithState)));
    renderSignedIn(<InstanceUsageHistory project="default" />, { auth: fineGrainedAuth() });
    expect(await screen.findByRole('figure', { name: 'Disk usage of c1' })).toHaveTextContent(
      'Disk not reported',
    );
    expect(screen.getByText(/You do not have permission to view metrics/)).toBeInTheDocument();
    expect(urls.some((url) => url.startsWith('/1.0/metrics'))).toBe(false);
  });

  it('says so when no instance runs', async () => {
    stubFetch((url) =>
      url.startsWith('/1.0/metrics') ? new Response('# EOF\n', { status: 200 }) : json(null, 404),
    );
    renderSignedIn(<InstanceUsageHistory project="default" />);
    expect(await screen.findByText('No instance of this project is running.')).toBeInTheDocument();
  });
});
