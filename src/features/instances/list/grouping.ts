/**
 * What the instance list groups by (`?group=`): status, project (every project's list), member
 * (a cluster), tag (an instance with several tags shows under each), or any `user.*` key the
 * rows have.
 */
import type { ListGrouping } from '../../../shared/ui/list';
import { statusText } from '../actions';
import type { InstanceListItem } from '../list-item';
import { TAGS_KEY, tagsOf } from '../tags';

export const GROUP_LABELS = {
  status: 'Status',
  project: 'Project',
  member: 'Member',
  tag: 'Tag',
} as const;

/** The `user.*` keys of the rows (but `user.tags`, which "Tag" groups by), sorted: one pass. */
export function userKeysOf(rows: readonly InstanceListItem[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) {
    for (const key in row.config) {
      if (key.startsWith('user.') && key !== TAGS_KEY) keys.add(key);
    }
  }
  return [...keys].sort();
}

export function instanceGrouping(context: {
  allProjects: boolean;
  clustered: boolean;
}): ListGrouping<InstanceListItem> {
  return {
    options: (rows) => [
      { value: 'status', label: GROUP_LABELS.status },
      ...(context.allProjects ? [{ value: 'project', label: GROUP_LABELS.project }] : []),
      ...(context.clustered ? [{ value: 'member', label: GROUP_LABELS.member }] : []),
      { value: 'tag', label: GROUP_LABELS.tag },
      ...userKeysOf(rows).map((key) => ({ value: key, label: key })),
    ],
    groupsOf: (value) => {
      if (value === 'status') return (item) => statusText(item.status);
      if (value === 'project') return (item) => item.project;
      if (value === 'member') return (item) => item.location;
      if (value === 'tag') return tagsOf;
      if (value.startsWith('user.') && value.length > 'user.'.length) {
        return (item) => item.config[value];
      }
      return undefined;
    },
    emptyLabel: (value) =>
      value === 'tag' ? 'No tag' : value === 'member' ? 'No member' : 'No value',
  };
}
