import { describe, expect, it } from 'vitest';
import { BUG_TRACKER_URL, CONSOLE_VERSION, bugReportText } from './bugReport';

describe('the build facts', () => {
  it("are this build's package.json: the console's version, no bug tracker today", () => {
    expect(BUG_TRACKER_URL).toBeUndefined();
    expect(CONSOLE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('bugReportText', () => {
  const facts = {
    consoleVersion: '0.18.0',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    path: '/ui/project/default/instances',
  };

  it('names the console, the server, the browser, the page and the error', () => {
    const text = bugReportText({
      ...facts,
      server: {
        api_extensions: ['a', 'b', 'c'],
        environment: { server: 'lxd', server_version: '5.21.3' },
      },
      error: 'boom',
    });
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Console version: 0.18.0',
      'Server: lxd 5.21.3, 3 API extensions',
      'Browser: Mozilla/5.0 (X11; Linux x86_64)',
      'Page: /ui/project/default/instances',
      'Error: boom',
    ]);
  });

  it('says why the server is unknown, and leaves the error out without one', () => {
    const failed = bugReportText({ ...facts, server: undefined, serverError: 'Not authorized' });
    expect(failed).toContain('Server: unknown (GET /1.0 failed: Not authorized)');
    expect(failed).not.toContain('Error:');
    expect(bugReportText({ ...facts, server: undefined })).toContain(
      'Server: unknown (still asking)',
    );
  });
});
