import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { VolumeLocation } from '../../../../lxd/endpoints/storage-volumes';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { useAuth } from '../../../../shared/auth/context';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { Loader } from '../../../../shared/ui/Loader';
import { paths } from '../../../../shared/routing/paths';
import { useNavigate } from '../../../../shared/routing/router';
import {
  fieldContext,
  valuesToPutBody,
  volumeToValues,
  type VolumeFormValues,
  type VolumeSectionId,
} from '../form';
import { useUpdateVolume, volumePoolsQuery, volumeQuery } from '../queries';
import { customOnlyBlocker } from '../rules';
import { VolumeForm } from './VolumeForm';

/**
 * The configuration tab. The form keeps the version it was opened with (its ETag goes back as
 * If-Match on PUT); while the user has no edits it follows changes made elsewhere. Volumes of
 * instances and images are shown read-only.
 */
export function VolumeConfiguration({
  where,
  latest,
  section,
}: {
  where: VolumeLocation;
  latest: LxdStorageVolume;
  /** The section in the address (`…/configuration/{section}`). */
  section: VolumeSectionId;
}) {
  const navigate = useNavigate();
  const onSectionChange = (next: VolumeSectionId) =>
    void navigate(
      paths.storageVolume(where.project, where.pool, where.type, where.name, {
        ...(where.member ? { member: where.member } : {}),
        tab: 'configuration',
        section: next,
      }),
    );
  const auth = useAuth();
  const permissions = usePermissions();
  const notify = useNotify();
  const client = useQueryClient();
  const pools = useQuery(volumePoolsQuery(where.project));
  const update = useUpdateVolume(where);
  const edit = useVersionedEdit<LxdStorageVolume, VolumeFormValues>({
    what: 'volume',
    latest,
    fetchLatest: () => client.query({ ...volumeQuery(where, auth.isFineGrained), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      const pool = pools.data?.find((candidate) => candidate.name === where.pool);
      const body = valuesToPutBody(
        values,
        fieldContext(pool, values, auth.server.api_extensions),
        edit.base,
      );
      update.mutate(
        { body, etag },
        {
          onSuccess: () => {
            notify.success('Volume updated', `Volume ${latest.name} was saved.`);
            onSaved();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });

  if (pools.isPending) return <Loader text="Loading…" />;
  const readOnlyReason = customOnlyBlocker(latest) ?? permissions.on('volume', 'edit', latest);
  return (
    <VolumeForm
      key={edit.formKey}
      mode="edit"
      project={where.project}
      initial={{ ...volumeToValues(edit.base), pool: where.pool }}
      base={edit.base}
      pools={pools.data ?? []}
      extensions={auth.server.api_extensions}
      section={section}
      onSectionChange={onSectionChange}
      onSubmit={edit.save}
      busy={update.isPending}
      readOnlyReason={readOnlyReason}
      onDirtyChange={edit.onDirtyChange}
      notice={edit.notice}
    />
  );
}
