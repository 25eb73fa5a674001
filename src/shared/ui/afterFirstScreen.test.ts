import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_CONTENT_FALLBACK_MS,
  afterFirstScreen,
  markFirstContent,
  resetFirstContent,
} from './afterFirstScreen';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // A frame every 16 ms, on the fake clock.
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => clearTimeout(handle));
  vi.stubGlobal('requestIdleCallback', undefined);
  resetFirstContent();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstScreen', () => {
  it('waits for the first content, then for the paint after it', () => {
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(FIRST_CONTENT_FALLBACK_MS - 100);
    expect(task).not.toHaveBeenCalled();
    markFirstContent();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16);
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_CONTENT_FALLBACK_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs anyway on a screen that never says it has content', () => {
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(FIRST_CONTENT_FALLBACK_MS);
    vi.advanceTimersByTime(16);
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('after the first content, waits only for the next paint; cancelled, never runs', () => {
    markFirstContent();
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(16);
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    afterFirstScreen(cancelled)();
    vi.advanceTimersByTime(16);
    vi.advanceTimersByTime(FIRST_CONTENT_FALLBACK_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('waits for the browser to be idle when it can say so', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    markFirstContent();
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(16);
    vi.advanceTimersByTime(1);
    expect(task).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(task).toHaveBeenCalledTimes(1);
  });
});
