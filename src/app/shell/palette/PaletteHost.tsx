/**
 * The command palette's place in the shell: the registry pages put their actions in, the keys
 * (Ctrl/⌘+K anywhere, `?` outside a text field), the status bar's buttons, and the dialogs (the
 * palette, the keyboard map, the recent changes as commands).
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  createPaletteRegistry,
  isKeyboardMapKey,
  isPaletteKey,
  KeyboardMap,
  PaletteRegistryContext,
  RecentCommands,
} from '../../../shared/palette';
import { importWithRetry } from '../../../shared/routing/lazy';
import { loadPaletteSources } from '../../features';
import type { Open, OpenPaletteProps } from './OpenPalette';
import './palette-host.scss';

/** The palette's code and the features' resource sources load when it first opens. */
const OpenPalette = lazy(async () => {
  const [{ OpenPaletteWith }, sources] = await Promise.all([
    importWithRetry(() => import('./OpenPalette')),
    loadPaletteSources(),
  ]);
  function LoadedPalette(props: OpenPaletteProps) {
    return <OpenPaletteWith {...props} sources={sources} />;
  }
  return { default: LoadedPalette };
});

/** Lets the screens below register their palette actions (usePaletteActions). */
export function PaletteProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(createPaletteRegistry);
  return (
    <PaletteRegistryContext.Provider value={registry}>{children}</PaletteRegistryContext.Provider>
  );
}

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
export const PALETTE_KEY_TEXT = IS_MAC ? '⌘+K' : 'Ctrl+K';

/** Another modal dialog is open: `?` leaves it alone. */
const modalOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

/** The status bar's palette and commands buttons, the keys, and the dialogs they open. */
export function PaletteControls({ project }: { project: string | undefined }) {
  const [open, setOpen] = useState<Open>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isPaletteKey(event)) {
        // Before the browser's own Ctrl+K and any field's handler.
        event.preventDefault();
        event.stopPropagation();
        setOpen((current) => (current === 'palette' ? undefined : 'palette'));
      } else if (isKeyboardMapKey(event) && !modalOpen()) {
        event.preventDefault();
        setOpen('keys');
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  const close = () => setOpen(undefined);

  return (
    <>
      <button
        type="button"
        className="p-button--base is-dense status-bar__palette-button"
        onClick={() => setOpen('palette')}
      >
        Command palette <kbd>{PALETTE_KEY_TEXT}</kbd>
      </button>
      <button
        type="button"
        className="p-button--base is-dense status-bar__palette-button"
        onClick={() => setOpen('commands')}
      >
        Recent commands
      </button>
      {open === 'palette' && (
        <Suspense fallback={null}>
          <OpenPalette project={project} onClose={close} onOpen={setOpen} />
        </Suspense>
      )}
      {open === 'keys' && <KeyboardMap onClose={close} />}
      {open === 'commands' && <RecentCommands onClose={close} />}
    </>
  );
}
