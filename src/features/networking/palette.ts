import { useQuery } from '@tanstack/react-query';
import type { LxdNetwork } from '../../lxd/types/network';
import { useAuth } from '../../shared/auth/context';
import type { PaletteSource } from '../../shared/feature';
import { usePaletteList } from '../../shared/palette/sources';
import { paths } from '../../shared/routing/paths';
import { networksQuery } from './networks/queries';

const toOption = (network: LxdNetwork, project: string) => ({
  id: network.name,
  label: network.name,
  detail: network.type,
  keywords: 'network',
  to: paths.network(project, network.name),
});

/** The project's networks in the command palette (the network list's query). */
export const networkPaletteSource: PaletteSource = {
  group: 'Networks',
  order: 30,
  useOptions: (project) =>
    usePaletteList(useQuery(networksQuery(project, useAuth().isFineGrained)), project, toOption),
};

export const paletteSources: readonly PaletteSource[] = [networkPaletteSource];
