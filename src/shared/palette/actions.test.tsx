import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createPaletteRegistry,
  PaletteRegistryContext,
  usePaletteActions,
  type PaletteRegistry,
} from './actions';

function Page({ reason, onStart }: { reason?: string; onStart: (n: number) => void }) {
  const [count, setCount] = useState(0);
  usePaletteActions([
    { id: 'start', label: 'Start', reason, run: () => onStart(count) },
    { id: 'more', label: 'More', run: () => setCount((n) => n + 1) },
  ]);
  return <p>{count}</p>;
}

function renderIn(registry: PaletteRegistry, ui: React.ReactNode) {
  return render(
    <PaletteRegistryContext.Provider value={registry}>{ui}</PaletteRegistryContext.Provider>,
  );
}

describe('usePaletteActions', () => {
  it('registers the actions while mounted and removes them on unmount', () => {
    const registry = createPaletteRegistry();
    const view = renderIn(registry, <Page onStart={vi.fn()} />);
    expect(registry.actions().map((action) => action.label)).toEqual(['Start', 'More']);
    view.unmount();
    expect(registry.actions()).toEqual([]);
  });

  it('keeps the reason, and tells the palette when it changes', () => {
    const registry = createPaletteRegistry();
    const listener = vi.fn();
    registry.subscribe(listener);
    const view = renderIn(registry, <Page reason="You may not start it" onStart={vi.fn()} />);
    expect(registry.actions()[0]?.reason).toBe('You may not start it');
    listener.mockClear();
    view.rerender(
      <PaletteRegistryContext.Provider value={registry}>
        <Page reason="You may not start it" onStart={vi.fn()} />
      </PaletteRegistryContext.Provider>,
    );
    expect(listener).not.toHaveBeenCalled();
    view.rerender(
      <PaletteRegistryContext.Provider value={registry}>
        <Page onStart={vi.fn()} />
      </PaletteRegistryContext.Provider>,
    );
    expect(listener).toHaveBeenCalled();
    expect(registry.actions()[0]?.reason).toBeUndefined();
  });

  it('runs the latest closure of an action', () => {
    const registry = createPaletteRegistry();
    const onStart = vi.fn();
    renderIn(registry, <Page onStart={onStart} />);
    const [start, more] = registry.actions();
    act(() => {
      more?.run();
    });
    act(() => {
      more?.run();
    });
    // The registered Start is the one from the first render; it runs with the count now.
    start?.run();
    expect(onStart).toHaveBeenCalledWith(2);
  });

  it('does nothing without a registry', () => {
    expect(() => render(<Page onStart={vi.fn()} />)).not.toThrow();
  });
});
