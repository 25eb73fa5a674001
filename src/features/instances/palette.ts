import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../shared/auth/context';
import type { PaletteSource } from '../../shared/feature';
import { usePaletteList } from '../../shared/palette/sources';
import { paths } from '../../shared/routing/paths';
import type { InstanceListItem } from './list-item';
import { instancesQuery } from './queries';

const toOption = (item: InstanceListItem, project: string) => ({
  id: item.name,
  label: item.name,
  detail: item.pending ? undefined : item.status,
  keywords: 'instance',
  to: paths.instance(project, item.name),
});

/** The project's instances in the command palette (the instance list's own query and cache). */
export const instancePaletteSource: PaletteSource = {
  group: 'Instances',
  order: 10,
  useOptions: (project) => {
    const client = useQueryClient();
    const { isFineGrained } = useAuth();
    const query = useQuery(instancesQuery(client, project, isFineGrained));
    return usePaletteList(
      { data: query.data?.items, isPending: query.isPending },
      project,
      toOption,
    );
  },
};

export const paletteSources: readonly PaletteSource[] = [instancePaletteSource];
