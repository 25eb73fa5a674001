import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventSocket, type EventWebSocket } from '../../lxd/events';
import type { LxdOperation } from '../../lxd/types/operation';
import { NotificationProvider } from '../notifications';
import { EventStreamProvider } from './EventStreamProvider';
import { useEventStreamStatus, useOperationTracker } from './context';

class FakeSocket implements EventWebSocket {
  static all: FakeSocket[] = [];
  onopen: EventWebSocket['onopen'] = null;
  onclose: EventWebSocket['onclose'] = null;
  onerror: EventWebSocket['onerror'] = null;
  onmessage: EventWebSocket['onmessage'] = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  close() {}
}
const last = () => FakeSocket.all.at(-1) ?? new FakeSocket();

let fetches = 0;
const onFailure = vi.fn();
/** What an action does after awaiting LXD: tracks with the function it captured at its start. */
let trackLater: (() => void) | undefined;

function Probe() {
  const status = useEventStreamStatus();
  const { trackOperation } = useOperationTracker();
  useQuery({
    queryKey: ['instances', 'project', 'default'],
    queryFn: () => {
      fetches += 1;
      return Promise.resolve(fetches);
    },
  });
  return (
    <>
      <p>stream {status.state}</p>
      <button
        type="button"
        onClick={() => {
          trackOperation('op1', { onFailure });
        }}
      >
        track op1
      </button>
      <button
        type="button"
        onClick={() => {
          trackLater = () => trackOperation('op2', { onFailure });
        }}
      >
        start an action
      </button>
    </>
  );
}

async function renderProvider(
  schedule: (start: () => void) => () => void = (start) => {
    start();
    return () => {};
  },
  startNow = true,
  wait: () => Promise<LxdOperation> = () => Promise.reject(new Error('unused')),
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <NotificationProvider>
        <EventStreamProvider
          enabled
          config={{
            invalidations: [{ prefixes: ['instance-'], queryKey: ['instances'] }],
            operationQueryKeys: (project) => [['operations', project]],
          }}
          schedule={schedule}
          createSocket={() => new EventSocket({ url: 'ws://x', WebSocketImpl: FakeSocket })}
          wait={wait}
        >
          <Probe />
        </EventStreamProvider>
      </NotificationProvider>
    </QueryClientProvider>,
  );
  // The stream's code loads asynchronously (in the app: after the first screen).
  if (startNow) {
    await vi.waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    // The provider keeps the started engine in its state: let it render with it.
    await act(async () => {
      await Promise.resolve();
    });
  }
  return view;
}

/** Renders the provider with the stream's start held back; returns what starts it. */
async function renderHeldBack(wait: () => Promise<LxdOperation>) {
  let start = () => {};
  await renderProvider(
    (run) => {
      start = run;
      return () => {};
    },
    false,
    wait,
  );
  return () => {
    start();
  };
}

const send = (data: unknown) => {
  act(() => {
    last().onmessage?.({ data: JSON.stringify(data) });
  });
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeSocket.all = [];
  fetches = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EventStreamProvider', () => {
  it('connects, refetches on lifecycle events and tracks operations', async () => {
    await renderProvider();
    expect(screen.getByText('stream not connected')).toBeInTheDocument();
    act(() => last().onopen?.({}));
    expect(screen.getByText('stream connected')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetches).toBe(1);

    send({
      type: 'lifecycle',
      timestamp: '',
      metadata: { action: 'instance-started', source: '' },
    });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetches).toBe(2);

    act(() => {
      screen.getByRole('button', { name: 'track op1' }).click();
    });
    send({
      type: 'operation',
      timestamp: '',
      project: 'default',
      metadata: { id: 'op1', status: 'Failure', err: 'Command not found' },
    });
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(onFailure).toHaveBeenCalledWith('Command not found');
  });

  it("says so when the stream's code cannot be loaded (no silent loss of live updates)", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <NotificationProvider>
          <EventStreamProvider
            enabled
            config={() =>
              Promise.reject(
                new TypeError(
                  'Failed to fetch dynamically imported module: /ui/assets/events-x.js',
                ),
              )
            }
            schedule={(start) => {
              start();
              return () => {};
            }}
            createSocket={() => new EventSocket({ url: 'ws://x', WebSocketImpl: FakeSocket })}
          >
            <Probe />
          </EventStreamProvider>
        </NotificationProvider>
      </QueryClientProvider>,
    );
    // Five retries, 300 ms × attempt apart (spec §2/§9), then the notification.
    await act(() => vi.advanceTimersByTimeAsync(4_600));
    const alert = await vi.waitFor(() => screen.getByRole('alert'));
    expect(alert).toHaveTextContent('Failed to connect to event api');
    expect(alert).toHaveTextContent(
      'The code that keeps the console up to date could not be loaded. Refresh the page to see changes as they happen. (Failed to fetch dynamically imported module: /ui/assets/events-x.js)',
    );
    expect(screen.getByText('stream not connected')).toBeInTheDocument();
    error.mockRestore();
  });

  it('shows the error after a failed round and removes it once reconnected', async () => {
    await renderProvider();
    for (let attempt = 1; attempt <= 5; attempt++) {
      act(() => last().onclose?.({ code: 1006, reason: '' }));
      await act(() => vi.advanceTimersByTimeAsync(250 * attempt));
    }
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to connect to event api');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => last().onopen?.({}));
    expect(screen.queryByText('Failed to connect to event api')).not.toBeInTheDocument();
    expect(screen.getByText('stream connected')).toBeInTheDocument();
  });

  it('refetches data after a reconnect', async () => {
    await renderProvider();
    act(() => last().onopen?.({}));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const before = fetches;
    act(() => last().onclose?.({ code: 1006, reason: '' }));
    act(() => last().onopen?.({}));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetches).toBe(before + 1);
  });

  it('hands an operation tracked before the stream started over to it', async () => {
    const wait = vi.fn(() =>
      Promise.resolve({
        id: 'op1',
        status: 'Failure',
        err: 'Cancelled by the user',
      } as LxdOperation),
    );
    const start = await renderHeldBack(wait);
    expect(screen.getByText('stream not connected')).toBeInTheDocument();
    act(() => {
      screen.getByRole('button', { name: 'track op1' }).click();
    });
    // Nothing runs before the stream's code has started...
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(FakeSocket.all).toHaveLength(0);
    expect(wait).not.toHaveBeenCalled();
    // ...then the tracker takes the operation over (not connected yet: it waits on it itself).
    act(() => start());
    await vi.waitFor(() => expect(wait).toHaveBeenCalledWith('op1', undefined));
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(onFailure).toHaveBeenCalledWith('Cancelled by the user');
  });

  it('reaches the stream with a tracking function captured before it started', async () => {
    const wait = vi.fn(() =>
      Promise.resolve({ id: 'op2', status: 'Failure', err: 'No space left' } as LxdOperation),
    );
    const start = await renderHeldBack(wait);
    // The action starts (and captures trackOperation) before the stream's code has loaded...
    act(() => {
      screen.getByRole('button', { name: 'start an action' }).click();
    });
    act(() => start());
    await vi.waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    await act(() => vi.advanceTimersByTimeAsync(10));
    // ...and LXD answers it after the stream has started: the operation is still followed.
    act(() => trackLater?.());
    await vi.waitFor(() => expect(wait).toHaveBeenCalledWith('op2', undefined));
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(onFailure).toHaveBeenCalledWith('No space left');
  });
});
