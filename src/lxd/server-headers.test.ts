import { describe, expect, it } from 'vitest';
import { addServerTwins, serverHeader, withServerTwins } from './server-headers';

describe('LXD and Incus detail headers', () => {
  it('are written under both names', () => {
    expect(
      withServerTwins({
        'Content-Type': 'application/octet-stream',
        'X-LXD-type': 'file',
        'X-LXD-write': 'overwrite',
      }),
    ).toEqual({
      'Content-Type': 'application/octet-stream',
      'X-LXD-type': 'file',
      'X-LXD-write': 'overwrite',
      'X-Incus-type': 'file',
      'X-Incus-write': 'overwrite',
    });
    const headers = new Headers({ 'X-LXD-name': 'backup', Accept: 'application/json' });
    addServerTwins(headers);
    expect(headers.get('X-Incus-name')).toBe('backup');
    expect(headers.get('X-LXD-name')).toBe('backup');
    expect(headers.get('X-Incus-Accept')).toBeNull();
  });

  it("are read from LXD's name, else from Incus's", () => {
    expect(serverHeader(new Headers({ 'X-LXD-type': 'directory' }), 'type')).toBe('directory');
    // Incus answers file requests with X-Incus-* only (a folder read as "a file" before).
    expect(serverHeader(new Headers({ 'X-Incus-type': 'directory' }), 'type')).toBe('directory');
    expect(serverHeader(new Headers({}), 'type')).toBeNull();
  });
});
