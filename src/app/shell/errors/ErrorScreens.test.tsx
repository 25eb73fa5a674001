import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../shared/routing/router';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationFailedScreen,
  GenericErrorScreen,
  NotFoundScreen,
  ProjectNotFoundScreen,
  isModuleLoadError,
  MODULE_RELOAD_WINDOW_MS,
  reloadForModuleLoad,
} from './ErrorScreens';

describe('fallback screens', () => {
  it('404 says it cannot find the page and links to a bug report', () => {
    render(<NotFoundScreen />, { wrapper: MemoryRouter });
    expect(
      screen.getByText('Sorry, we cannot find the page that you are looking for.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'report a bug' })).toHaveAttribute('href');
  });

  it("'Project not found' explains the viewer permission", () => {
    render(<ProjectNotFoundScreen project="x" />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    expect(
      screen.getByText('The project is missing or you do not have the viewer permission for it.'),
    ).toBeInTheDocument();
  });

  it("'Something has gone wrong' shows the message, a stack trace and a bug link", () => {
    render(<GenericErrorScreen error={new Error('boom')} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { name: 'Something has gone wrong' })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    expect(screen.getByText('Stack trace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'report a bug' })).toBeInTheDocument();
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
