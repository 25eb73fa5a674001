import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BulkQueueButton } from './BulkQueuePanel';
import { ConcurrencySetting } from './ConcurrencySetting';
import { CONCURRENCY_KEY } from './concurrency';
import { createBulkQueue, type BulkExecutors } from './queue';
import { BulkQueueProvider } from './react';

const NOUN = { one: 'instance', other: 'instances' };

function setup() {
  const ends = new Map<string, (error?: string) => void>();
  const executors: BulkExecutors = {
    'test.op': (params: { name: string }) =>
      new Promise<void>((resolve, reject) => {
        ends.set(params.name, (error) => (error ? reject(new Error(error)) : resolve()));
      }),
  };
  const queue = createBulkQueue({ executors, limit: 2 });
  render(
    <BulkQueueProvider queue={queue}>
      <BulkQueueButton />
      <ConcurrencySetting storage={window.localStorage} />
    </BulkQueueProvider>,
  );
  const end = async (name: string, error?: string) => {
    await act(async () => {
      ends.get(name)?.(error);
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    });
  };
  return { queue, end };
}

const items = (names: string[]) =>
  names.map((name) => ({ kind: 'test.op', label: name, params: { name } }));

describe('the bulk queue panel', () => {
  it('shows each job with its progress, counts, buttons and failures', async () => {
    const { queue, end } = setup();
    expect(screen.queryByRole('button', { name: /Bulk actions/ })).not.toBeInTheDocument();
    await act(async () => {
      queue.enqueue({
        title: 'Stop 3 instances',
        noun: NOUN,
        verb: 'stopped',
        items: items(['web-1', 'web-2', 'web-3']),
      });
      await Promise.resolve();
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Bulk actions 0/3' }));
    const panel = screen.getByRole('dialog', { name: 'Bulk actions' });
    const bar = within(panel).getByRole('progressbar', { name: 'Progress of Stop 3 instances' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(panel).toHaveTextContent('0 of 3 finished: 0 done, 2 running, 1 queued');

    await userEvent.click(within(panel).getByRole('button', { name: 'Pause' }));
    expect(within(panel).getByText('Paused')).toBeInTheDocument();
    await end('web-1');
    await end('web-2', 'The instance is already stopped');
    expect(panel).toHaveTextContent('2 of 3 finished: 1 done, 1 failed, 1 queued');
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(
      within(panel).getByRole('list', { name: 'Failures of Stop 3 instances' }),
    ).toHaveTextContent('web-2 Failed: The instance is already stopped');
    expect(screen.getByRole('button', { name: 'Bulk actions 2/3' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Resume' }));
    await end('web-3');
    expect(panel).toHaveTextContent('3 of 3 finished: 2 done, 1 failed');
    expect(within(panel).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Show 3 items' }));
    expect(
      within(panel).getByRole('list', { name: 'Items of Stop 3 instances' }),
    ).toHaveTextContent('web-1 Done');

    await userEvent.click(within(panel).getByRole('button', { name: 'Retry failed' }));
    expect(panel).toHaveTextContent('2 of 3 finished: 2 done, 1 running');
    await end('web-2');
    expect(panel).toHaveTextContent('3 of 3 finished: 3 done');

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear finished' }));
    expect(within(panel).getByText('No bulk actions in this browser.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('cancel leaves the queued items cancelled', async () => {
    const { queue, end } = setup();
    await act(async () => {
      queue.enqueue({
        title: 'Start 3 instances',
        noun: NOUN,
        verb: 'started',
        items: items(['a', 'b', 'c']),
      });
      await Promise.resolve();
    });
    await userEvent.click(await screen.findByRole('button', { name: /Bulk actions/ }));
    const panel = screen.getByRole('dialog', { name: 'Bulk actions' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await end('a');
    await end('b');
    expect(panel).toHaveTextContent('3 of 3 finished: 2 done, 1 cancelled');
  });

  it('the setting: a message next to a bad value; a good one applies and is kept', async () => {
    const { queue } = setup();
    const field = screen.getByRole('spinbutton', { name: 'Bulk actions at once per server' });
    await userEvent.clear(field);
    await userEvent.type(field, '40');
    expect(field).toHaveAccessibleDescription('Enter a number from 1 to 32');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '8');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(queue.getConcurrency()).toBe(8);
    expect(window.localStorage.getItem(CONCURRENCY_KEY)).toBe('8');
    expect(field).toHaveAccessibleDescription('Saved: 8 at once per server.');
  });
});
