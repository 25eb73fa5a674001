import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EVENT_CONNECT_ERROR } from '../../lxd/eventMessages';
import type { EventSocket, EventSocketStatus } from '../../lxd/events';
import { useNotify } from '../notifications';
import { importWithRetry } from '../routing/lazy';
import { afterFirstScreen } from '../ui/afterFirstScreen';
import {
  EVENT_STREAM_NOTIFICATION_ID,
  EventStreamContext,
  type EventStreamConfig,
  type EventStreamValue,
  type TrackOperation,
} from './context';
import type { EventEngine, WaitForOperation } from './engine';

/** What the stream's notification says when its code could not be loaded. */
export const STREAM_CODE_FAILED =
  'The code that keeps the console up to date could not be loaded. Refresh the page to see changes as they happen.';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The status until the stream's code has loaded and connected. */
const NOT_STARTED: EventSocketStatus = {
  state: 'not connected',
  error: null,
  lastCloseReason: null,
  connectedAt: null,
};

interface EventStreamProviderProps {
  /** Connect only while signed in. */
  enabled: boolean;
  /** What events change; a function loads it with the stream's code. */
  config: EventStreamConfig | (() => Promise<EventStreamConfig>);
  children?: ReactNode;
  /** When to load and start the stream (default: after the first screen has painted). */
  schedule?: (start: () => void) => () => void;
  /** For tests. */
  createSocket?: () => EventSocket;
  wait?: WaitForOperation;
}

type Pending = Parameters<TrackOperation> & { stop?: () => void; cancelled?: boolean };

const noStatus = () => () => {};

/**
 * One event stream per tab (spec §7): keeps cached data true to the server, tracks operations
 * and reports a lost stream (the error disappears once it is back). Its code (engine.ts) loads
 * after the first screen; operations tracked before that are handed over when it starts.
 */
export function EventStreamProvider({
  enabled,
  config,
  children,
  schedule = afterFirstScreen,
  createSocket,
  wait,
}: EventStreamProviderProps) {
  const client = useQueryClient();
  const notify = useNotify();
  const [engine, setEngine] = useState<EventEngine | null>(null);
  // The running engine for calls made at any time: a trackOperation captured before the engine
  // started (an action awaiting LXD's answer meanwhile) must still reach it.
  const running = useRef<EventEngine | null>(null);
  const pending = useRef(new Set<Pending>());
  const options = useRef({ config, createSocket, wait });
  useLayoutEffect(() => {
    options.current = { config, createSocket, wait };
  });

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let started: EventEngine | null = null;
    const cancel = schedule(() => {
      const { config: configured, createSocket: create, wait: waitFor } = options.current;
      void Promise.all([
        importWithRetry(() => import('./engine')),
        typeof configured === 'function' ? importWithRetry(configured) : configured,
      ])
        .then(([module, resolved]) => {
          if (stopped) return;
          const engineStarted = module.startEventEngine({
            client,
            notify,
            config: resolved,
            createSocket: create,
            wait: waitFor,
          });
          started = engineStarted;
          running.current = engineStarted;
          // Operations tracked before the stream started are tracked by it now.
          for (const entry of pending.current) {
            if (!entry.cancelled)
              entry.stop = engineStarted.track(
                ...(entry.slice(0, 3) as Parameters<TrackOperation>),
              );
          }
          pending.current.clear();
          setEngine(engineStarted);
        })
        .catch((error: unknown) => {
          console.error('The event stream could not be started', error);
          if (stopped) return;
          // The browser keeps a failed module load failed until the page is loaded again (a
          // network hiccup while the host's interfaces changed): say so instead of showing a
          // console that silently stopped following LXD.
          notify.failure(
            EVENT_CONNECT_ERROR,
            `${STREAM_CODE_FAILED} (${errorText(error)})`,
            undefined,
            {
              id: EVENT_STREAM_NOTIFICATION_ID,
            },
          );
        });
    });
    return () => {
      stopped = true;
      cancel();
      started?.stop();
      if (running.current === started) running.current = null;
      setEngine(null);
    };
  }, [enabled, client, notify, schedule]);

  const subscribe = useMemo(
    () => (engine ? (callback: () => void) => engine.socket.onStatus(callback) : noStatus),
    [engine],
  );
  const status = useSyncExternalStore(subscribe, () => engine?.socket.status ?? NOT_STARTED);
  const trackOperation = useCallback<TrackOperation>((id, callbacks, trackOptions) => {
    if (running.current) return running.current.track(id, callbacks, trackOptions);
    const entry = [id, callbacks, trackOptions] as Pending;
    pending.current.add(entry);
    return () => {
      entry.cancelled = true;
      pending.current.delete(entry);
      entry.stop?.();
    };
  }, []);
  const value = useMemo<EventStreamValue>(
    () => ({ status, trackOperation }),
    [status, trackOperation],
  );

  return <EventStreamContext.Provider value={value}>{children}</EventStreamContext.Provider>;
}
