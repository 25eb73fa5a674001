/** Helpers for the settings, server and clustering specs (server config through the API). */
import AxeBuilder from '@axe-core/playwright';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import type { LxdApi } from './lxd-api';

export async function serverConfig(api: LxdApi): Promise<Record<string, unknown>> {
  const server = await api.get<{ config?: Record<string, unknown> }>('/1.0');
  return server.config ?? {};
}

/**
 * Puts keys back to their defaults: `{key: default}` ("" for user keys and keys without one).
 * LXD 5.0.2 turns "" into "false" for a boolean key, and a PUT never removes `user.*` keys.
 */
export async function resetServerConfig(api: LxdApi, defaults: Record<string, string>) {
  await api.call('PATCH', '/1.0', { config: defaults });
}

/** A minimal admin client for another local LXD (e.g. the throw-away `e2e2`). */
export async function openLxd(
  url: string,
  cert: string,
  key: string,
): Promise<{ get: <T>(path: string) => Promise<T>; dispose: () => Promise<void> }> {
  const ctx: APIRequestContext = await request.newContext({
    baseURL: url,
    ignoreHTTPSErrors: true,
    clientCertificates: [{ origin: url, certPath: cert, keyPath: key }],
  });
  return {
    async get<T>(path: string): Promise<T> {
      const response = await ctx.get(path);
      const body = (await response.json()) as { metadata: T; error?: string };
      if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${body.error ?? ''}`);
      return body.metadata;
    },
    dispose: () => ctx.dispose(),
  };
}

/**
 * An axe-core scan of the whole page (navigation and status bar included): the serious and
 * critical WCAG 2.2 A/AA violations. `label-content-name-mismatch` (WCAG 2.5.3, the visible text
 * must be part of the accessible name) is one of axe's experimental rules, so it is asked for.
 *
 * Legacy mode runs axe in the page itself: the default opens a blank page (a new renderer) for
 * every scan to merge the frames' results, and the console has no frames. With only violations
 * aggregated, a scan took 1.0–1.5 s instead of 2.3–3.3 s on this machine kind with one worker
 * (a11y-coverage's configuration sections), and far more than that apart at load 13.
 */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
