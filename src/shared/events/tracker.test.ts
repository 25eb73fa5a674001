import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LxdApiError } from '../../lxd/client';
import { EVENT_HANDLER_DELAY_MS, type LxdEvent } from '../../lxd/events';
import type { LxdOperation } from '../../lxd/types/operation';
import { OperationTracker } from './tracker';

function operation(id: string, status: LxdOperation['status'], err = ''): LxdOperation {
  return {
    id,
    class: 'task',
    description: 'Starting instance',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    status,
    status_code: 200,
    resources: null,
    metadata: null,
    may_cancel: false,
    err,
    location: 'none',
  };
}

const event = (op: LxdOperation): LxdEvent => ({
  type: 'operation',
  timestamp: op.updated_at,
  metadata: op,
  project: 'default',
});

describe('OperationTracker (spec §4, §7)', () => {
  let connected: boolean;
  let wait: ReturnType<typeof vi.fn<(id: string) => Promise<LxdOperation>>>;
  let tracker: OperationTracker;

  beforeEach(() => {
    vi.useFakeTimers();
    connected = true;
    wait = vi.fn<(id: string) => Promise<LxdOperation>>();
    tracker = new OperationTracker({
      isConnected: () => connected,
      wait,
      timers: { setTimeout, clearTimeout: (handle) => clearTimeout(handle as number) },
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs success and finish 250 ms after the Success event, then stops tracking', () => {
    const calls: string[] = [];
    tracker.track('op1', {
      onSuccess: (op) => calls.push(`success ${op.id}`),
      onFailure: (error) => calls.push(`failure ${error}`),
      onFinish: () => calls.push('finish'),
    });
    tracker.handleEvent(event(operation('op1', 'Running')));
    tracker.handleEvent(event(operation('op1', 'Success')));
    vi.advanceTimersByTime(EVENT_HANDLER_DELAY_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['success op1', 'finish']);
    expect(tracker.size).toBe(0);
    tracker.handleEvent(event(operation('op1', 'Success')));
    vi.advanceTimersByTime(EVENT_HANDLER_DELAY_MS);
    expect(calls).toHaveLength(2);
    expect(wait).not.toHaveBeenCalled();
  });

  it('tells onEnded at once when the end arrives, once, before the delayed outcome', async () => {
    const calls: string[] = [];
    const callbacks = {
      onEnded: () => calls.push('ended'),
      onFinish: () => calls.push('finish'),
    };
    tracker.track('op1', callbacks);
    tracker.handleEvent(event(operation('op1', 'Running')));
    expect(calls).toEqual([]);
    tracker.handleEvent(event(operation('op1', 'Success')));
    tracker.handleEvent(event(operation('op1', 'Success')));
    expect(calls).toEqual(['ended']);
    vi.advanceTimersByTime(EVENT_HANDLER_DELAY_MS);
    expect(calls).toEqual(['ended', 'finish']);
    // Ended before it was tracked, and asked for with /wait while the stream is down.
    tracker.handleEvent(event(operation('op2', 'Failure', 'boom')));
    tracker.track('op2', { onEnded: () => calls.push('ended op2') });
    expect(calls).toContain('ended op2');
    connected = false;
    wait.mockResolvedValueOnce(operation('op3', 'Success'));
    tracker.track('op3', { onEnded: () => calls.push('ended op3') });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toContain('ended op3');
  });

  it('passes the error text to failure, then runs finish', () => {
    const calls: string[] = [];
    tracker.track('op2', {
      onSuccess: () => calls.push('success'),
      onFailure: (error) => calls.push(`failure ${error}`),
      onFinish: () => calls.push('finish'),
    });
    tracker.handleEvent(event(operation('op2', 'Failure', 'Command not found')));
    vi.advanceTimersByTime(EVENT_HANDLER_DELAY_MS);
    expect(calls).toEqual(['failure Command not found', 'finish']);
    expect(tracker.size).toBe(0);
  });

  it('ignores other operations and handles one that ended before it was tracked', () => {
    const onSuccess = vi.fn();
    tracker.handleEvent(event(operation('early', 'Success')));
    tracker.track('mine', { onSuccess });
    tracker.handleEvent(event(operation('other', 'Success')));
    vi.advanceTimersByTime(EVENT_HANDLER_DELAY_MS);
    expect(onSuccess).not.toHaveBeenCalled();
    tracker.track('early', { onSuccess });
    vi.advanceTimersByTime(EVENT_HANDLER_DELAY_MS);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('falls back to waiting on the operation when the stream is down', async () => {
    connected = false;
    wait.mockResolvedValueOnce(operation('op3', 'Success'));
    wait.mockRejectedValueOnce(new Error('Failed to start'));
    const first = { onSuccess: vi.fn(), onFinish: vi.fn() };
    const second = { onFailure: vi.fn(), onFinish: vi.fn() };
    tracker.track('op3', first);
    tracker.track('op4', second);
    await vi.runAllTimersAsync();
    expect(first.onSuccess).toHaveBeenCalledTimes(1);
    expect(first.onFinish).toHaveBeenCalledTimes(1);
    expect(second.onFailure).toHaveBeenCalledWith('Failed to start');
    expect(second.onFinish).toHaveBeenCalledTimes(1);
  });

  it('asks the server for tracked operations after a reconnect; a forgotten one just finishes', async () => {
    const callbacks = { onSuccess: vi.fn(), onFailure: vi.fn(), onFinish: vi.fn() };
    tracker.track('gone', callbacks);
    wait.mockRejectedValueOnce(new LxdApiError('not found', 404));
    tracker.checkAll();
    await vi.runAllTimersAsync();
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
    expect(callbacks.onFailure).not.toHaveBeenCalled();
    expect(callbacks.onFinish).toHaveBeenCalledTimes(1);
  });

  it('untracking stops the callbacks', () => {
    const onSuccess = vi.fn();
    const untrack = tracker.track('op5', { onSuccess });
    untrack();
    tracker.handleEvent(event(operation('op5', 'Success')));
    vi.advanceTimersByTime(EVENT_HANDLER_DELAY_MS);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
