import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd } from '../../../testing/fake-lxd';
import BugReportDialog from './BugReportDialog';
import { CONSOLE_VERSION } from './bugReport';
import { ReportBugButton } from './ReportBugButton';
import { WithQueries, bugReportText, serveLxd521 } from './testing';

describe('Report a bug', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('opens a dialog with the versions, the browser, the page and the error, ready to copy', async () => {
    const user = userEvent.setup();
    serveLxd521();
    window.history.replaceState(null, '', '/ui/project/default/instances');
    render(<ReportBugButton error="boom">Report a bug</ReportBugButton>, { wrapper: WithQueries });
    await user.click(screen.getByRole('link', { name: 'Report a bug' }));
    const { dialog, text } = await bugReportText();
    expect(text).toContain(`Console version: ${CONSOLE_VERSION}`);
    expect(text).toContain('Server: lxd 5.21.3, 3 API extensions');
    expect(text).toContain(`Browser: ${navigator.userAgent}`);
    expect(text).toContain('Page: /ui/project/default/instances');
    expect(text).toContain('Error: boom');
    await user.click(within(dialog).getByRole('button', { name: 'Copy bug report' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(text);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Copied');
  });

  it('offers no link without a bug tracker: the text goes to whoever runs the console', async () => {
    serveLxd521();
    render(<BugReportDialog onClose={() => undefined} />, { wrapper: WithQueries });
    const { dialog } = await bugReportText();
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(dialog).toHaveTextContent('send it to whoever runs this console');
  });

  it('links the bug tracker when the build names one', async () => {
    serveLxd521();
    render(
      <BugReportDialog onClose={() => undefined} trackerUrl="https://example.org/issues/new" />,
      { wrapper: WithQueries },
    );
    const { dialog } = await bugReportText();
    expect(within(dialog).getByRole('link', { name: 'Open an issue' })).toHaveAttribute(
      'href',
      'https://example.org/issues/new',
    );
  });

  it('says why the server is unknown when GET /1.0 fails', async () => {
    fakeLxd(() => ({ status: 403, error: 'not authorized' }));
    render(<BugReportDialog onClose={() => undefined} />, { wrapper: WithQueries });
    await bugReportText('Server: unknown (GET /1.0 failed: not authorized)');
  });

  it('closes with Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    serveLxd521();
    render(<ReportBugButton>Report a bug</ReportBugButton>, { wrapper: WithQueries });
    const button = screen.getByRole('link', { name: 'Report a bug' });
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Report a bug' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});
