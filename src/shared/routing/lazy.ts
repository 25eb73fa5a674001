import type { ComponentType } from 'react';

/** Spec §2/§9: a failed screen load is retried up to 5 times, 300 ms × attempt apart. */
export const LAZY_LOAD_RETRIES = 5;
export const LAZY_LOAD_BACKOFF_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function importWithRetry<T>(
  load: () => Promise<T>,
  retries = LAZY_LOAD_RETRIES,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt > retries) throw error;
      await wait(LAZY_LOAD_BACKOFF_MS * attempt);
    }
  }
}

/**
 * A route's `lazy` that loads a screen module (with the retries above) and takes one of its
 * exports as the route's component: `lazy: lazyPage(() => import('./pages/X'), 'X')`.
 */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await importWithRetry(load);
    return { Component: module[name] as ComponentType };
  };
}
