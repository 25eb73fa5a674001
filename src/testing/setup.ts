import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default. CI's machine ran the unit suite at less than
// half this machine's speed (237 s) and a cluster-list row was still "Loading…" at 1 s, so a
// wait may take up to 10 s there; a passing wait still returns as soon as it holds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
