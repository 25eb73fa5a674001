import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../../../shared/routing/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithQueries, bugReportText, serveLxd521 } from '../bugReport/testing';
import {
  AuthenticationFailedScreen,
  GenericErrorScreen,
  NotFoundScreen,
  ProjectNotFoundScreen,
  isModuleLoadError,
  MODULE_RELOAD_WINDOW_MS,
  reloadForModuleLoad,
} from './ErrorScreens';

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <WithQueries>
      <MemoryRouter>{children}</MemoryRouter>
    </WithQueries>
  );
}

describe('fallback screens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('404 says it cannot find the page and offers a bug report', async () => {
    const user = userEvent.setup();
    serveLxd521();
    render(<NotFoundScreen />, { wrapper: Wrapper });
    expect(
      screen.getByText('Sorry, we cannot find the page that you are looking for.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'report a bug' }));
    const { dialog, text } = await bugReportText();
    expect(text).toContain('Server: lxd 5.21.3, 3 API extensions');
    expect(text).toContain('Error: Page not found');
    expect(within(dialog).getByRole('button', { name: 'Copy bug report' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it("'Project not found' explains the viewer permission", () => {
    render(<ProjectNotFoundScreen project="x" />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    expect(
      screen.getByText('The project is missing or you do not have the viewer permission for it.'),
    ).toBeInTheDocument();
  });

  it("'Something has gone wrong' shows the message, a stack trace and a bug report", async () => {
    const user = userEvent.setup();
    serveLxd521();
    render(<GenericErrorScreen error={new Error('boom')} />, { wrapper: Wrapper });
    expect(screen.getByRole('heading', { name: 'Something has gone wrong' })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    expect(screen.getByText('Stack trace')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'report a bug' }));
    const { dialog, text } = await bugReportText();
    expect(text).toContain('Console version: ');
    expect(text).toContain('Server: lxd 5.21.3, 3 API extensions');
    expect(text).toContain('Error: boom');
    expect(within(dialog).getByRole('button', { name: 'Copy bug report' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it("'Authentication failed' shows the error and a Logout action", () => {
    let loggedOut = false;
    render(
      <AuthenticationFailedScreen
        error="token expired"
        onLogout={() => {
          loggedOut = true;
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Authentication failed' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Logout' }).click();
    expect(loggedOut).toBe(true);
  });

  it('recognises failed dynamic module loads', () => {
    expect(
      isModuleLoadError(new TypeError('Failed to fetch dynamically imported module: x.js')),
    ).toBe(true);
    expect(isModuleLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once for a failed module load, then explains within the minute', () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => {
        stored.set(key, value);
      },
    };
    expect(reloadForModuleLoad(storage, 1_000_000)).toBe(true);
    expect(reloadForModuleLoad(storage, 1_000_000 + MODULE_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(reloadForModuleLoad(storage, 1_000_000 + MODULE_RELOAD_WINDOW_MS)).toBe(true);
    expect(reloadForModuleLoad(undefined)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadForModuleLoad(refusing)).toBe(false);
  });
});
