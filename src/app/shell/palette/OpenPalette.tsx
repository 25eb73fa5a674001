import { useMemo } from 'react';
import { useAuth } from '../../../shared/auth/context';
import type { PaletteSource } from '../../../shared/feature';
import {
  CommandPalette,
  RECENT_COMMANDS_TITLE,
  useRegisteredActions,
  type PaletteGroup,
  type PaletteOption,
} from '../../../shared/palette';
import { navEntries } from '../../features';
import { screenOptions } from './screens';

export type Open = 'palette' | 'keys' | 'commands' | undefined;

export interface OpenPaletteProps {
  project: string | undefined;
  onClose: () => void;
  onOpen: (open: Open) => void;
}

/** The open palette: the screen's actions, the screens, and the project's resources by name. */
export function OpenPaletteWith({
  project,
  onClose,
  onOpen,
  sources,
}: OpenPaletteProps & { sources: readonly PaletteSource[] }) {
  const auth = useAuth();
  const registered = useRegisteredActions();
  const resourceProject = project ?? auth.defaultProject;
  // `sources` is loaded once: the same hooks in the same order on every render.
  const resources: PaletteGroup[] = sources.map((source) => {
    const { options, loading } = source.useOptions(resourceProject);
    return { label: source.group, options, loading, limit: 10 };
  });
  const actions = useMemo((): PaletteOption[] => {
    const own: PaletteOption[] = registered.map((action) => ({
      id: action.id,
      label: action.label,
      reason: action.reason,
      shortcut: action.shortcut,
      keywords: action.keywords,
      run: action.run,
    }));
    return [
      ...own,
      {
        id: 'app:keyboard-shortcuts',
        label: 'Show keyboard shortcuts',
        shortcut: '?',
        keywords: 'help keys',
        run: () => onOpen('keys'),
      },
      {
        id: 'app:recent-commands',
        label: `Show ${RECENT_COMMANDS_TITLE.toLowerCase()}`,
        keywords: 'lxc incus rest api cli history',
        run: () => onOpen('commands'),
      },
    ];
  }, [registered, onOpen]);
  const screens = useMemo(() => screenOptions(navEntries, auth, project), [auth, project]);
  const groups: PaletteGroup[] = [
    { label: 'Actions', options: actions, limit: 30 },
    { label: 'Screens', options: screens, limit: 30 },
    ...resources,
  ];
  return <CommandPalette groups={groups} onClose={onClose} />;
}
