import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventSocket, type EventWebSocket } from '../../lxd/events';
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
    </>
  );
}

function renderProvider() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NotificationProvider>
        <EventStreamProvider
          enabled
          invalidations={[{ prefixes: ['instance-'], queryKey: ['instances'] }]}
          operationQueryKeys={(project) => [['operations', project]]}
          createSocket={() => new EventSocket({ url: 'ws://x', WebSocketImpl: FakeSocket })}
          wait={() => Promise.reject(new Error('unused'))}
        >
          <Probe />
        </EventStreamProvider>
      </NotificationProvider>
    </QueryClientProvider>,
  );
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
    renderProvider();
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

  it('shows the error after a failed round and removes it once reconnected', async () => {
    renderProvider();
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
    renderProvider();
    act(() => last().onopen?.({}));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const before = fetches;
    act(() => last().onclose?.({ code: 1006, reason: '' }));
    act(() => last().onopen?.({}));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetches).toBe(before + 1);
  });
});
