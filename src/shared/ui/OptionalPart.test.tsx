import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OptionalPart } from './OptionalPart';

describe('OptionalPart', () => {
  it('shows nothing of a part whose code failed to load, and the rest of the frame stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /ui/assets/x.js')),
    );
    render(
      <div>
        <p>The screen</p>
        <OptionalPart name="The count of running operations">
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </OptionalPart>
        <p>Notifications</p>
      </div>,
    );
    await vi.waitFor(() => {
      expect(warn).toHaveBeenCalledWith(
        'The count of running operations could not be shown',
        expect.any(TypeError),
      );
    });
    expect(screen.getByText('The screen')).toBeInTheDocument();
    expect(screen.getByText('Notifications')).toBeInTheDocument();
    warn.mockRestore();
    error.mockRestore();
  });

  it('shows the part when it renders', () => {
    render(
      <OptionalPart name="A part">
        <span>3 operations</span>
      </OptionalPart>,
    );
    expect(screen.getByText('3 operations')).toBeInTheDocument();
  });
});
