import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadLabel } from './components/DownloadImageButton';
import { dispositionFileName, downloadImage, exportFiles } from './download';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('image download', () => {
  it('says how far the download is', () => {
    expect(downloadLabel(null)).toBe('Download');
    expect(downloadLabel({ loaded: 50, total: 200 })).toBe('Downloading… 25%');
    expect(downloadLabel({ loaded: 50, total: 0 })).toBe('Downloading…');
  });

  it('takes the file name from Content-Disposition', () => {
    expect(dispositionFileName('inline;filename=abc.tar.gz')).toBe('abc.tar.gz');
    expect(dispositionFileName('attachment; filename="meta-abc.tar.xz"')).toBe('meta-abc.tar.xz');
    expect(dispositionFileName('inline;filename=../../x.tar.gz')).toBe('x.tar.gz');
    expect(dispositionFileName(null)).toBeUndefined();
    expect(dispositionFileName('inline')).toBeUndefined();
  });

  it('keeps a unified answer as one file under the given name', async () => {
    const blob = new Blob(['data'], { type: 'application/octet-stream' });
    expect(await exportFiles(blob, 'abc.tar.gz')).toEqual([{ blob, name: 'abc.tar.gz' }]);
  });

  it('splits a multipart answer into its metadata and rootfs files', async () => {
    // What LXD sends for a split image: a metadata part, then a rootfs part.
    const body = [
      '--b1',
      'Content-Disposition: form-data; name="metadata"; filename="meta-abc.tar.xz"',
      'Content-Type: application/octet-stream',
      '',
      'meta',
      '--b1',
      'Content-Disposition: form-data; name="rootfs"; filename="abc.squashfs"',
      'Content-Type: application/octet-stream',
      '',
      'root fs',
      '--b1--',
      '',
    ].join('\r\n');
    const blob = new Blob([body], { type: 'multipart/form-data; boundary=b1' });
    const files = await exportFiles(blob, 'abc');
    expect(files.map((file) => file.name)).toEqual(['meta-abc.tar.xz', 'abc.squashfs']);
    expect(await files[0]?.blob.text()).toBe('meta');
    expect(await files[1]?.blob.text()).toBe('root fs');
  });

  it('GETs …/export in the project and saves the file LXD names', async () => {
    const fetch = vi.fn<(url: string) => Promise<Response>>(() =>
      Promise.resolve(
        new Response('tarball', {
          headers: {
            'Content-Type': 'application/octet-stream',
            'Content-Disposition': 'inline;filename=abc.tar.gz',
            'Content-Length': '7',
          },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    const progress = vi.fn();
    expect(await downloadImage('abc', 'team', progress)).toEqual(['abc.tar.gz']);
    expect(fetch.mock.calls[0]?.[0]).toBe('/1.0/images/abc/export?project=team');
    expect(progress).toHaveBeenLastCalledWith({ loaded: 7, total: 7 });
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('reports LXD’s error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ type: 'error', error: 'Image not found' }), {
            status: 404,
          }),
        ),
      ),
    );
    await expect(downloadImage('abc', 'default', () => {})).rejects.toThrow('Image not found');
  });
});
