import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHANGE_LOG_LIMIT,
  clearRecordedChanges,
  MASKED,
  maskPath,
  maskSecrets,
  recordedChanges,
  recordChange,
} from './changes';
import { del, get, put, request } from './client';
import { setCurrentRemote } from './remote';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  clearRecordedChanges();
  setCurrentRemote(null);
  vi.unstubAllGlobals();
});

describe('masking', () => {
  it('masks the values of secret-looking keys at any depth', () => {
    expect(
      maskSecrets({
        name: 'x',
        password: 'hunter2',
        config: { 'core.trust_password': 'p', 'user.note': 'ok' },
        items: [{ trust_token: 't' }, { secret: 's', token: '' }],
      }),
    ).toEqual({
      name: 'x',
      password: MASKED,
      config: { 'core.trust_password': MASKED, 'user.note': 'ok' },
      items: [{ trust_token: MASKED }, { secret: MASKED, token: '' }],
    });
    expect(maskPath('/1.0/operations/1/websocket?secret=abc&project=p')).toBe(
      `/1.0/operations/1/websocket?secret=${encodeURIComponent(MASKED)}&project=p`,
    );
  });
});

describe('recorded changes', () => {
  it('keeps every change the client sends, not its reads, with the outcome', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) =>
        Promise.resolve(
          init.method === 'DELETE' ? answer(404, { error: 'Instance not found' }) : answer(200, {}),
        ),
      ),
    );
    setCurrentRemote('edge');
    await get('/1.0/instances', { project: 'p' });
    await put('/1.0/instances/web/state', { action: 'start' }, { project: 'p' });
    await expect(del('/1.0/instances/gone', { project: 'p', remote: null })).rejects.toThrow();
    await request('/1.0/certificates', {
      method: 'POST',
      body: { trust_token: 'abc', name: 'me' },
    });
    expect(
      recordedChanges().map(({ method, path, remote, body, outcome, error }) => ({
        method,
        path,
        remote,
        body,
        outcome,
        error,
      })),
    ).toEqual([
      {
        method: 'PUT',
        path: '/1.0/instances/web/state?project=p',
        remote: 'edge',
        body: { action: 'start' },
        outcome: 'succeeded',
        error: undefined,
      },
      {
        method: 'DELETE',
        path: '/1.0/instances/gone?project=p',
        remote: null,
        body: undefined,
        outcome: 'failed',
        error: 'Instance not found',
      },
      {
        method: 'POST',
        path: '/1.0/certificates',
        remote: 'edge',
        body: { trust_token: MASKED, name: 'me' },
        outcome: 'succeeded',
        error: undefined,
      },
    ]);
  });

  it('keeps the last CHANGE_LOG_LIMIT only', () => {
    for (let i = 0; i < CHANGE_LOG_LIMIT + 5; i += 1) {
      recordChange({
        method: 'DELETE',
        path: `/1.0/instances/c${i}`,
        remote: null,
        body: undefined,
      });
    }
    const kept = recordedChanges();
    expect(kept).toHaveLength(CHANGE_LOG_LIMIT);
    expect(kept[0]?.path).toBe('/1.0/instances/c5');
  });
});
