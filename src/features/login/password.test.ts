import { describe, expect, it } from 'vitest';
import { certificateFileName } from './download';
import { PASSWORD_MISMATCH, passwordMismatch } from './password';
import { detectBrowser } from './browsers';

describe('password confirmation', () => {
  it('agrees when both entries are equal, empty included', () => {
    expect(passwordMismatch('', '')).toBeUndefined();
    expect(passwordMismatch('s3cret', 's3cret')).toBeUndefined();
  });

  it('reports a mismatch with a clear message', () => {
    expect(passwordMismatch('s3cret', 's3cre')).toBe(
      'The passwords do not match. Type the same password twice.',
    );
    expect(passwordMismatch('a', '')).toBe(PASSWORD_MISMATCH);
  });
});

describe('certificate file names', () => {
  it('are lxd-ui-<hostname>.pfx and .crt', () => {
    expect(certificateFileName('lxd.example.com', 'pfx')).toBe('lxd-ui-lxd.example.com.pfx');
    expect(certificateFileName('127.0.0.1', 'crt')).toBe('lxd-ui-127.0.0.1.crt');
    expect(certificateFileName('[::1]', 'crt')).toBe('lxd-ui----1-.crt');
  });
});

describe('detectBrowser', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'firefox'],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      'edge',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'chrome',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'safari',
    ],
  ])('%s → %s', (agent, expected) => {
    expect(detectBrowser(agent)).toBe(expected);
  });
});
