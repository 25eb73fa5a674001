/**
 * The actions of the current screen in the command palette. A page registers its actions while
 * it is mounted, one line each:
 *
 *   usePaletteActions([
 *     { id: 'start', label: 'Start', reason: stateReason, run: () => act('start') },
 *   ]);
 *
 * An action with a `reason` is shown disabled with the reason under it and cannot run (the
 * same reason its button gives, from usePermissions()). The latest `run` is called, so a page
 * may pass new closures each render; the palette is told only when an id, label, reason or
 * shortcut changes.
 */
import { createContext, useContext, useEffect, useId, useRef, useSyncExternalStore } from 'react';

export interface PaletteAction {
  /** Unique within the page. */
  id: string;
  label: string;
  run: () => void;
  /** Why it cannot run now; undefined: it can. */
  reason?: string | undefined;
  /** A key that also runs it, shown beside it (only one that works). */
  shortcut?: string | undefined;
  /** More words that find it ("instance", "power"). */
  keywords?: string | undefined;
}

type Listener = () => void;

/** What pages register in: one per app (AppLayout), created with createPaletteRegistry(). */
export interface PaletteRegistry {
  set(owner: string, actions: readonly PaletteAction[]): void;
  remove(owner: string): void;
  /** Every registered action, the first registered owner's first; a new array on each change. */
  actions(): readonly PaletteAction[];
  subscribe(listener: Listener): () => void;
}

const signature = (actions: readonly PaletteAction[]) =>
  JSON.stringify(
    actions.map(({ id, label, reason, shortcut, keywords }) => [
      id,
      label,
      reason,
      shortcut,
      keywords,
    ]),
  );

export function createPaletteRegistry(): PaletteRegistry {
  const owners = new Map<string, { actions: readonly PaletteAction[]; signature: string }>();
  const listeners = new Set<Listener>();
  let all: readonly PaletteAction[] = [];
  const publish = () => {
    all = [...owners.values()].flatMap((owner) => owner.actions);
    for (const listener of listeners) listener();
  };
  return {
    set(owner, actions) {
      // The same actions again (a re-render): their `run` already calls the latest closure.
      const next = signature(actions);
      if (owners.get(owner)?.signature === next) return;
      owners.set(owner, { actions, signature: next });
      publish();
    },
    remove(owner) {
      if (owners.delete(owner)) publish();
    },
    actions: () => all,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const PaletteRegistryContext = createContext<PaletteRegistry | null>(null);

/** Registers the screen's actions while the component is mounted (no-op without a registry). */
export function usePaletteActions(actions: readonly PaletteAction[]): void {
  const registry = useContext(PaletteRegistryContext);
  const owner = useId();
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
    // Each action runs the latest closure of the same id.
    registry?.set(
      owner,
      actions.map((action) => ({
        ...action,
        run: () => latest.current.find((candidate) => candidate.id === action.id)?.run(),
      })),
    );
  });
  useEffect(() => () => registry?.remove(owner), [registry, owner]);
}

const NONE: readonly PaletteAction[] = [];

/** The registered actions, live. */
export function useRegisteredActions(): readonly PaletteAction[] {
  const registry = useContext(PaletteRegistryContext);
  return useSyncExternalStore(
    (listener) => registry?.subscribe(listener) ?? (() => undefined),
    () => registry?.actions() ?? NONE,
  );
}
