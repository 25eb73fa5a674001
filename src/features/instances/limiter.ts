/**
 * At most N requests at a time (browsers open about 6 connections per host over HTTP/1.1; the
 * event socket and the list itself need some). A queued task whose signal aborts (its row
 * scrolled out of view) is dropped without being sent.
 */
export interface Limiter {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Tasks running now (for tests). */
  readonly active: number;
  readonly queued: number;
}

export function abortError(): Error {
  const error = new Error('Aborted');
  error.name = 'AbortError';
  return error;
}

export function createLimiter(concurrency: number): Limiter {
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    active -= 1;
    const next = queue.shift();
    if (next) next();
  };

  return {
    get active() {
      return active;
    },
    get queued() {
      return queue.length;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          if (signal?.aborted) {
            reject(abortError());
            const next = queue.shift();
            if (next) next();
            return;
          }
          active += 1;
          task().then(resolve, reject).finally(release);
        };
        if (active < concurrency) {
          start();
          return;
        }
        queue.push(start);
        signal?.addEventListener(
          'abort',
          () => {
            const index = queue.indexOf(start);
            if (index >= 0) {
              queue.splice(index, 1);
              reject(abortError());
            }
          },
          { once: true },
        );
      });
    },
  };
}
