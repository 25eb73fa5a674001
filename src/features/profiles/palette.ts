import { useQuery } from '@tanstack/react-query';
import type { LxdProfile } from '../../lxd/types/profile';
import { useAuth } from '../../shared/auth/context';
import type { PaletteSource } from '../../shared/feature';
import { usePaletteList } from '../../shared/palette/sources';
import { paths } from '../../shared/routing/paths';
import { profilesQuery } from './queries';

const toOption = (profile: LxdProfile, project: string) => ({
  id: profile.name,
  label: profile.name,
  keywords: 'profile',
  to: paths.profile(project, profile.name),
});

/** The project's profiles in the command palette (the profile list's query). */
export const profilePaletteSource: PaletteSource = {
  group: 'Profiles',
  order: 20,
  useOptions: (project) =>
    usePaletteList(useQuery(profilesQuery(project, useAuth().isFineGrained)), project, toOption),
};

export const paletteSources: readonly PaletteSource[] = [profilePaletteSource];
