import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

function Page({ onClose }: { onClose: () => void }) {
  const [ticks, setTicks] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setTicks((n) => n + 1)}>
        Refresh {ticks}
      </button>
      {/* A new onClose on every render, as pages pass inline callbacks. */}
      <Modal title="Edit rule" onClose={() => onClose()}>
        <input aria-label="First" />
        <input aria-label="Second" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('keeps focus where the user is when the page behind re-renders', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    expect(screen.getByRole('textbox', { name: 'First' })).toHaveFocus();
    await userEvent.click(screen.getByRole('textbox', { name: 'Second' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Second' }), 'abc');
    // A re-render of the page (a list refresh from an event) gives the dialog a new onClose.
    screen.getByRole('button', { name: /Refresh/ }).click();
    expect(await screen.findByRole('button', { name: 'Refresh 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
