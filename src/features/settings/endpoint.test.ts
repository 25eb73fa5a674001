import { afterEach, describe, expect, it, vi } from 'vitest';
import { normaliseServerConfig, patchServerConfig } from '../../lxd/endpoints/settings';
import { resetSetting, saveSetting } from './queries';
import { fakeServerConfig } from './testing';
import { SettingConflictError } from './validation';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('server config writes', () => {
  it('sets keys with PATCH /1.0 {config}, values as strings', async () => {
    const lxd = fakeServerConfig({});
    await patchServerConfig({ 'images.remote_cache_expiry': '7' }, 'node1');
    expect(lxd.calls[0]).toMatchObject({
      method: 'PATCH',
      url: '/1.0?target=node1',
      body: { config: { 'images.remote_cache_expiry': '7' } },
    });
  });

  it('keeps strings and hidden booleans only', () => {
    expect(normaliseServerConfig({ a: 'x', b: true, c: 3, d: null })).toEqual({
      a: 'x',
      b: true,
      c: '3',
    });
    expect(normaliseServerConfig(undefined)).toEqual({});
  });
});

describe('saving a setting', () => {
  it('refuses to overwrite a value someone else changed meanwhile', async () => {
    const lxd = fakeServerConfig({ 'user.ui_title': 'Theirs' });
    await expect(
      saveSetting({ key: 'user.ui_title', value: 'Mine', expected: 'Old' }),
    ).rejects.toBeInstanceOf(SettingConflictError);
    expect(lxd.state.config['user.ui_title']).toBe('Theirs');
    await saveSetting({ key: 'user.ui_title', value: 'Mine', expected: 'Theirs' });
    expect(lxd.state.config['user.ui_title']).toBe('Mine');
  });

  it('resets with a PATCH of the default, only when the value is still the one shown', async () => {
    const lxd = fakeServerConfig({ 'core.shutdown_timeout': '9', 'user.a': 'x' });
    await expect(
      resetSetting({ key: 'core.shutdown_timeout', value: '5', expected: '8' }),
    ).rejects.toThrow('it is now “9”');
    await resetSetting({ key: 'core.shutdown_timeout', value: '5', expected: '9' });
    expect(lxd.calls.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { config: { 'core.shutdown_timeout': '5' } },
    });
    await resetSetting({ key: 'user.a', value: '', expected: 'x' });
    expect(lxd.state.config).toEqual({ 'core.shutdown_timeout': '5' });
  });
});
