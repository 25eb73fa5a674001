import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../../../testing/fake-lxd';
import { testInstance } from '../../testing/fixtures';
import { InstanceTags, TAGS_CONFLICT } from './InstanceTags';

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(patchStatus: number) {
  const instance = {
    ...testInstance({ config: { 'user.tags': 'web', 'user.team': 'blue' } }),
    etag: '"e1"',
  };
  const calls = fakeLxd(({ method, url }) => {
    if (method === 'PATCH' && url.startsWith('/1.0/instances/c1?')) {
      return patchStatus === 200
        ? { metadata: {} }
        : { status: patchStatus, error: 'ETag does not match' };
    }
    if (url.startsWith('/1.0/instances/c1?')) return { metadata: instance, etag: '"e2"' };
    return undefined;
  });
  renderAt(
    '/project/:project/instance/:name',
    <InstanceTags instance={instance} />,
    '/project/default/instance/c1',
  );
  return calls;
}

describe('the instance Overview tags', () => {
  it('PATCHes only user.tags with the ETag the page read', async () => {
    const calls = open(200);
    await userEvent.type(screen.getByRole('textbox', { name: 'Add tag' }), 'db{Enter}');
    await screen.findByText('Tag db added to c1');
    const write = calls.find((call) => call.method === 'PATCH');
    expect(write?.url).toBe('/1.0/instances/c1?project=default');
    expect(write?.headers.get('If-Match')).toBe('"e1"');
    expect(write?.body).toEqual({ config: { 'user.tags': 'web,db' } });
  });

  it('says so when the instance changed since the page read it (412)', async () => {
    open(412);
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag web' }));
    expect(await screen.findByText(TAGS_CONFLICT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load the latest tags' })).toBeTruthy();
    // The chip is back: nothing was saved.
    expect(screen.getByRole('button', { name: 'Remove tag web' })).toBeTruthy();
  });
});
