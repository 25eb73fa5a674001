import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { normaliseServerConfig } from '../../lxd/endpoints/settings';
import { serverKind } from '../../lxd/product';
import type { LxdServer } from '../../lxd/types/server';
import { clusterMembersQuery } from '../cluster';
import { hasDocumentationObjects } from './docObjects';
import { buildRows, optionsFromCatalogue, optionsFromMetadata, withConsoleKeys } from './options';
import { configMetadataQuery, docObjectsQuery, memberConfigQuery } from './queries';

export const METADATA_EXTENSION = 'metadata_configuration';

/**
 * Everything the settings table shows: the options (server metadata when the server has it,
 * else the built-in catalogue), the current values (a member's own values for local options
 * when clustered), the members to choose from and the documentation links.
 */
export function useSettingRows(server: LxdServer, member: string | undefined) {
  const extensions = server.api_extensions;
  const kind = serverKind(server);
  const hasMetadata = extensions.includes(METADATA_EXTENSION);
  const clustered = server.environment?.server_clustered === true;
  const metadata = useQuery({ ...configMetadataQuery, enabled: hasMetadata });
  const docs = useQuery({
    ...docObjectsQuery,
    enabled: hasDocumentationObjects(server),
  });
  const members = useQuery({ ...clusterMembersQuery, enabled: clustered });
  const memberConfig = useQuery({
    ...memberConfigQuery(member ?? ''),
    enabled: clustered && member !== undefined,
  });

  const options = useMemo(() => {
    const base =
      hasMetadata && metadata.data
        ? optionsFromMetadata(metadata.data)
        : optionsFromCatalogue(extensions, kind);
    return withConsoleKeys(base, kind);
  }, [hasMetadata, metadata.data, extensions, kind]);

  const config = useMemo(() => normaliseServerConfig(server.config), [server.config]);
  const rows = useMemo(
    () => buildRows(options, config, clustered ? memberConfig.data?.config : undefined),
    [options, config, clustered, memberConfig.data],
  );

  return {
    rows,
    configHidden: server.config === undefined,
    clustered,
    metadata,
    hasMetadata,
    members,
    memberConfig,
    docLinks: docs.data,
  };
}
