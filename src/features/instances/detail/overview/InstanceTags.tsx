/**
 * The instance's tags on its Overview, as chips: removing a chip or adding a tag PATCHes
 * `user.tags` at once with the ETag the page read; a change made elsewhere meanwhile answers
 * 412, and the section says so and offers the latest version.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isEtagConflict, type WithEtag } from '../../../../lxd/client';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { ErrorNotice } from '../../../../shared/ui/States';
import { parseTags, saveTags, TAGS_KEY, TagEditor, useTagDraft } from '../../tags';
import { detailKeys } from '../queries';

export const TAGS_CONFLICT =
  'Someone else changed this instance since the page loaded, so the tags were not saved.';

export function InstanceTags({ instance }: { instance: WithEtag<LxdInstance> }) {
  const { project, name } = instance;
  const client = useQueryClient();
  const notify = useNotify();
  const saved = parseTags(instance.config[TAGS_KEY]);
  const [saving, setSaving] = useState<string[]>();
  const [failure, setFailure] = useState<unknown>();
  const tags = saving ?? saved;
  const reason = usePermissions().on('instance', 'edit', instance);

  const refresh = () => client.invalidateQueries({ queryKey: detailKeys.instance(project, name) });
  const save = async (next: string[], done: string) => {
    setFailure(undefined);
    setSaving(next);
    try {
      await saveTags({ name, project }, next, instance.etag);
      // The page's copy (and its ETag) follows before the next change can be made.
      await refresh();
      notify.success(done);
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(undefined);
    }
  };
  const draft = useTagDraft(tags, (tag) => {
    void save([...tags, tag], `Tag ${tag} added to ${name}`);
  });

  return (
    <div className="instance-tags">
      {failure !== undefined &&
        (isEtagConflict(failure) ? (
          <div className="p-notification--caution" role="alert">
            <div className="p-notification__content">
              <p className="p-notification__message">{TAGS_CONFLICT}</p>
              <button
                type="button"
                className="p-button is-dense"
                onClick={() => {
                  setFailure(undefined);
                  void refresh();
                }}
              >
                Load the latest tags
              </button>
            </div>
          </div>
        ) : (
          <ErrorNotice title="The tags could not be saved" error={failure} />
        ))}
      <TagEditor
        label={`Tags of ${name}`}
        tags={tags}
        draft={draft}
        busy={saving !== undefined}
        disabledReason={reason}
        onRemove={(tag) => {
          void save(
            tags.filter((other) => other !== tag),
            `Tag ${tag} removed from ${name}`,
          );
        }}
      />
    </div>
  );
}
