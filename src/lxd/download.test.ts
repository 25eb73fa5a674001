import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadWithProgress, progressPercent } from './download';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('backup download', () => {
  it('reports bytes as they arrive', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(6));
        controller.enqueue(new Uint8Array(4));
        controller.close();
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(stream, {
            headers: {
              'Content-Length': '10',
            },
          }),
        ),
      ),
    );
    const seen: number[] = [];
    const result = await downloadWithProgress('/1.0/x', (progress) => {
      seen.push(progressPercent(progress) ?? -1);
    });
    expect(seen).toEqual([0, 60, 100]);
    expect(result.size).toBe(10);
  });

  it("throws LXD's error text", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'Backup not found' }), { status: 404 }),
        ),
      ),
    );
    await expect(downloadWithProgress('/1.0/x', () => undefined)).rejects.toThrow(
      'Backup not found',
    );
  });

  it('gives no percentage without a total', () => {
    expect(progressPercent({ loaded: 5, total: 0 })).toBeUndefined();
  });
});
