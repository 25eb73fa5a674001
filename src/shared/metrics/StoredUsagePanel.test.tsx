import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentRemote } from '../../lxd/remote';
import { renderSignedIn } from '../../testing/render';
import { NEEDS_CONSOLE_SERVER, StoredUsagePanel } from './StoredUsagePanel';

vi.mock('./load-uplot', () => ({
  loadUPlot: () =>
    Promise.resolve(
      class {
        setData = vi.fn();
        setSize = vi.fn();
        destroy = vi.fn();
      },
    ),
}));

const point = (time: string, cpuCores: number | null, rxBps: number, txBps: number) => ({
  time,
  cpuCores,
  memoryBytes: 512 * 1024 * 1024,
  diskBytes: null,
  rxBps,
  txBps,
});

/** Stubs fetch: /console/usage answers `answer(params)`; returns the URLs asked. */
function fakeUsage(answer: (params: URLSearchParams) => { status: number; body: unknown }) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      const parsed = new URL(url, 'http://console.test');
      const { status, body } =
        parsed.pathname === '/console/usage'
          ? answer(parsed.searchParams)
          : { status: 404, body: { type: 'error', error: 'not found', error_code: 404 } };
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  return asked;
}

const answerFor = (params: URLSearchParams) => ({
  status: 200,
  body: {
    range: params.get('range'),
    resolution: params.get('range') === '30d' ? 3600 : 0,
    points: [
      point('2026-11-29T10:00:00Z', 0.5, 1024, 2048),
      point('2026-11-29T10:00:15Z', null, 3072, 2048),
      point('2026-11-29T10:00:30Z', 1.5, 2048, 2048),
    ],
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentRemote(null);
});

describe('usage history', () => {
  it('asks the range chosen, on the page’s remote', async () => {
    setCurrentRemote('incus');
    const asked = fakeUsage(answerFor);
    renderSignedIn(<StoredUsagePanel scope={{ project: 'web', instance: 'c1' }} name="c1" />);
    const ranges = await screen.findByRole('group', { name: 'Time range' });
    await screen.findByRole('img', { name: /^CPU of c1 over the last hour/ });
    expect(asked).toEqual(['/console/usage?remote=incus&project=web&instance=c1&range=1h']);
    expect(within(ranges).getByRole('button', { name: '1 hour' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(ranges).getByRole('button', { name: '30 days' }));
    await screen.findByRole('img', { name: /^CPU of c1 over the last 30 days/ });
    expect(asked.at(-1)).toBe('/console/usage?remote=incus&project=web&instance=c1&range=30d');
    expect(within(ranges).getByRole('button', { name: '30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(ranges).getByRole('button', { name: '1 hour' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByText(/One point per hour \(averages\)\./)).toBeInTheDocument();
  });

  it('asks for a project and a cluster member on the default remote without naming it', async () => {
    const asked = fakeUsage(answerFor);
    renderSignedIn(
      <>
        <StoredUsagePanel scope={{ project: 'web' }} name="project web" />
        <StoredUsagePanel scope={{ member: 'm1' }} name="member m1" />
      </>,
    );
    await screen.findByRole('img', { name: /^Memory of member m1 over the last hour/ });
    await screen.findByRole('img', { name: /^Memory of project web over the last hour/ });
    expect([...asked].sort()).toEqual([
      '/console/usage?member=m1&range=1h',
      '/console/usage?project=web&range=1h',
    ]);
  });

  it('gives each chart’s latest, average and maximum as text', async () => {
    fakeUsage(answerFor);
    renderSignedIn(<StoredUsagePanel scope={{ project: 'web', instance: 'c1' }} name="c1" />);
    expect(
      await screen.findByRole('img', { name: /^CPU of c1 over the last hour/ }),
    ).toHaveAccessibleName(
      'CPU of c1 over the last hour: latest 1.50 cores, average 1.00 cores, maximum 1.50 cores',
    );
    expect(screen.getByRole('img', { name: /^Network of c1/ })).toHaveAccessibleName(
      'Network of c1 over the last hour: in: latest 2.0 KiB/s, average 2.0 KiB/s, maximum 3.0 KiB/s; out: latest 2.0 KiB/s, average 2.0 KiB/s, maximum 2.0 KiB/s',
    );
    const cpu = screen.getByRole('table', { name: 'CPU of c1 over the last hour' });
    expect(
      within(cpu)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['CPU', 'Latest1.50 cores', 'Average1.00 cores', 'Maximum1.50 cores']);
    const disk = screen.getByRole('table', { name: 'Disk of c1 over the last hour' });
    expect(within(disk).getByRole('row', { name: /^Latest/ })).toHaveTextContent('Latestno data');
    const network = screen.getByRole('table', { name: 'Network of c1 over the last hour' });
    expect(
      within(network)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['In', 'Out']);
    expect(within(network).getByRole('row', { name: /^Maximum/ })).toHaveTextContent(
      'Maximum3.0 KiB/s2.0 KiB/s',
    );
    expect(
      screen.getByRole('figure', { name: 'Memory of c1 over the last hour' }),
    ).toHaveTextContent('Memory latest 512.0 MiB');
    expect(screen.getAllByText('Show as table')).toHaveLength(4);
  });

  it('says that the history needs the console server when /console/usage is not there', async () => {
    fakeUsage(() => ({
      status: 404,
      body: { type: 'error', error: 'not found', error_code: 404 },
    }));
    renderSignedIn(<StoredUsagePanel scope={{ project: 'web', instance: 'c1' }} name="c1" />);
    const section = screen.getByRole('region', { name: 'Usage history' });
    expect(await within(section).findByText(NEEDS_CONSOLE_SERVER)).toBeInTheDocument();
    expect(NEEDS_CONSOLE_SERVER).toBe('Usage history needs the console server.');
    expect(within(section).queryByRole('group', { name: 'Time range' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says so when nothing was recorded, and shows the server’s error', async () => {
    fakeUsage((params) =>
      params.get('range') === '1h'
        ? { status: 200, body: { range: '1h', resolution: 0, points: [] } }
        : { status: 503, body: { type: 'error', error: 'console server: down', error_code: 503 } },
    );
    renderSignedIn(<StoredUsagePanel scope={{ project: 'web', instance: 'c1' }} name="c1" />);
    expect(
      await screen.findByText('No usage was recorded over the last hour.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(
      await screen.findByText('Usage history is not available: console server: down'),
    ).toBeInTheDocument();
  });
});
