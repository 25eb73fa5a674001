/**
 * The instance list's "Tag" dialog: tags to add and tags to remove, as chips, for the selected
 * instances. Its confirm hands `(selected, change)` to the bulk queue (`queueTagChange`).
 */
import { useId, useMemo, useState } from 'react';
import { FormModal } from '../../../shared/ui/FormModal';
import { TagEditor, useTagDraft } from './TagChips';
import { tagsOf, type TagChange } from './tags';

export const NOTHING_TO_CHANGE = 'Add a tag to add or to remove.';

export interface BulkTagTarget {
  name: string;
  project: string;
  config: Readonly<Record<string, string>>;
}

export function BulkTagModal<T extends BulkTagTarget>({
  instances,
  onClose,
  onConfirm,
  reason,
}: {
  instances: readonly T[];
  onClose: () => void;
  onConfirm: (instances: readonly T[], change: TagChange) => void;
  reason?: string | undefined;
}) {
  const formId = useId();
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();
  const addDraft = useTagDraft(add, (tag) => {
    setAdd((list) => [...list, tag]);
    setRemove((list) => list.filter((other) => other !== tag));
    setProblem(undefined);
  });
  const removeDraft = useTagDraft(remove, (tag) => {
    setRemove((list) => [...list, tag]);
    setAdd((list) => list.filter((other) => other !== tag));
    setProblem(undefined);
  });
  // The selected instances' tags, with how many have each, to offer for removal.
  const present = useMemo(() => {
    const counts = new Map<string, number>();
    for (const instance of instances) {
      for (const tag of tagsOf(instance)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [instances]);
  const count = instances.length;
  const what = `${String(count)} ${count === 1 ? 'instance' : 'instances'}`;

  return (
    <FormModal
      title={`Tag ${what}`}
      formId={formId}
      busy={false}
      submitLabel="Apply tags"
      onClose={onClose}
      reason={reason}
    >
      <form
        id={formId}
        className="bulk-tag"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!addDraft.commitPending() || !removeDraft.commitPending()) return;
          // A tag typed but not yet added counts (commitPending added it for the next render).
          const typedAdd = addDraft.text.trim();
          const typedRemove = removeDraft.text.trim();
          const change: TagChange = {
            add: typedAdd ? [...add, typedAdd] : add,
            remove: typedRemove ? [...remove, typedRemove] : remove,
          };
          if (change.add.length === 0 && change.remove.length === 0) {
            setProblem(NOTHING_TO_CHANGE);
            return;
          }
          onConfirm(instances, change);
        }}
      >
        <p>
          Tags are kept in each instance&apos;s <code>user.tags</code> key; its other keys stay as
          they are.
        </p>
        <h3 className="p-heading--5">Add</h3>
        <TagEditor
          label="Tags to add"
          tags={add}
          draft={addDraft}
          onRemove={(tag) => {
            setAdd((list) => list.filter((other) => other !== tag));
          }}
          inputLabel="Add tag"
          removeLabel={(tag) => `Do not add ${tag}`}
          error={problem}
        />
        <h3 className="p-heading--5">Remove</h3>
        <TagEditor
          label="Tags to remove"
          tags={remove}
          draft={removeDraft}
          onRemove={(tag) => {
            setRemove((list) => list.filter((other) => other !== tag));
          }}
          inputLabel="Remove tag"
          removeLabel={(tag) => `Do not remove ${tag}`}
          suggestions={present.map(([tag]) => tag)}
        />
        {present.length > 0 && (
          <p className="u-text--muted">
            Tags of the selected instances:{' '}
            {present.map(([tag, n]) => `${tag} (${String(n)})`).join(', ')}
          </p>
        )}
      </form>
    </FormModal>
  );
}
