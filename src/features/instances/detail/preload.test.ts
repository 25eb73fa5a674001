import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../shared/routing/lazy', () => ({
  importWithRetry: () => {
    loads.count += 1;
    return Promise.resolve({});
  },
}));
// Runs the task at once (afterFirstScreen's own timing has its tests).
const idle = vi.hoisted(() => ({ tasks: [] as (() => void)[] }));
vi.mock('../../../shared/ui/afterFirstScreen', () => ({
  afterFirstScreen: (task: () => void) => {
    idle.tasks.push(task);
    return () => {
      idle.tasks = idle.tasks.filter((t) => t !== task);
    };
  },
}));

import { preloadInstanceDetail, resetInstanceDetailPreload } from './preload';

const runIdle = () => {
  for (const task of idle.tasks.splice(0)) task();
};

beforeEach(() => {
  loads.count = 0;
  idle.tasks = [];
  resetInstanceDetailPreload();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the instance page's code loads ahead of a click", () => {
  it('loads the page and its overview tab once, in idle time', () => {
    preloadInstanceDetail();
    expect(loads.count).toBe(0);
    runIdle();
    expect(loads.count).toBe(2);
    preloadInstanceDetail();
    runIdle();
    expect(loads.count).toBe(2);
  });

  it('loads nothing when cancelled first (the list went away)', () => {
    const cancel = preloadInstanceDetail();
    cancel();
    runIdle();
    expect(loads.count).toBe(0);
    preloadInstanceDetail();
    runIdle();
    expect(loads.count).toBe(2);
  });

  it("loads nothing with the browser's data saver on", () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    preloadInstanceDetail();
    runIdle();
    expect(loads.count).toBe(0);
  });
});
