/**
 * What uses an object, from its `used_by` (src/lxd/used-by.ts): grouped by kind (or by
 * project), each object with its icon and a link to its page, its project when it is another
 * one, and the member of a local volume.
 */
import type { ReactNode } from 'react';
import { groupUsedBy, type UsedByRef } from '../../lxd/used-by';
import { paths } from '../routing/paths';
import { Link } from '../routing/router';
import { ResourceIcon, type ResourceType } from './ResourceIcon';
import './used-by.scss';

/** The page of a used_by object, where the console has one. */
export function usedByPath(ref: UsedByRef): string | undefined {
  const { project } = ref;
  switch (ref.kind) {
    case 'instance':
      return ref.parent
        ? paths.instance(project, ref.parent, 'snapshots')
        : paths.instance(project, ref.name);
    case 'profile':
      return paths.profile(project, ref.name);
    case 'network':
      return paths.network(project, ref.name);
    case 'network-acl':
      return paths.networkAcl(project, ref.name);
    case 'volume':
      return paths.storageVolume(
        project,
        ref.pool ?? '',
        ref.volumeType ?? 'custom',
        ref.parent ?? ref.name,
        {
          ...(ref.member ? { member: ref.member } : {}),
          ...(ref.parent ? { tab: 'snapshots' } : {}),
        },
      );
    case 'image':
      return `${paths.images(project)}?search=${encodeURIComponent(ref.name)}`;
    case 'bucket':
      return paths.storageBucket(project, ref.pool ?? '', ref.name);
    case 'storage-pool':
      return paths.storagePool(project, ref.name);
    case 'project':
      return paths.projectConfiguration(ref.name);
    default:
      return undefined;
  }
}

function iconOf(ref: UsedByRef): ResourceType | undefined {
  if (ref.parent) return 'snapshot';
  switch (ref.kind) {
    case 'instance':
    case 'profile':
    case 'network':
    case 'network-acl':
    case 'volume':
    case 'image':
    case 'bucket':
    case 'project':
      return ref.kind;
    case 'storage-pool':
      return 'pool';
    default:
      return undefined;
  }
}

function textOf(ref: UsedByRef): string {
  if (ref.kind === 'image') return ref.name.slice(0, 12);
  if (ref.kind === 'volume' && ref.volumeType && ref.volumeType !== 'custom') {
    return `${ref.name} (${ref.volumeType})`;
  }
  return ref.name;
}

function UsedByItem({ item, project }: { item: UsedByRef; project: string }) {
  const to = usedByPath(item);
  const icon = iconOf(item);
  const text = textOf(item);
  return (
    <li className="p-list__item">
      {icon && <ResourceIcon type={icon} />}
      {to ? <Link to={to}>{text}</Link> : <code>{text}</code>}
      {item.project !== project && (
        <span className="u-text--muted"> in project {item.project}</span>
      )}
      {item.member && <span className="u-text--muted"> on {item.member}</span>}
    </li>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function UsedByList({
  refs,
  project,
  empty,
  byProject,
}: {
  refs: readonly UsedByRef[];
  /** The project the page is in: objects of others say theirs. */
  project: string;
  /** What an unused object says ("Nothing uses this network."). */
  empty: ReactNode;
  /** Groups by project instead of kind, with more under each group (a link to the list). */
  byProject?: { noun: { one: string; other: string }; after?: (project: string) => ReactNode };
}) {
  if (refs.length === 0) return <p className="u-text--muted">{empty}</p>;
  if (byProject) {
    const projects = [...new Set(refs.map((ref) => ref.project))].sort((a, b) =>
      a === project ? -1 : b === project ? 1 : a.localeCompare(b),
    );
    return (
      <div className="used-by">
        {projects.map((name) => {
          const group = refs
            .filter((ref) => ref.project === name)
            .sort((a, b) => a.name.localeCompare(b.name));
          const noun = group.length === 1 ? byProject.noun.one : byProject.noun.other;
          return (
            <section
              key={name}
              aria-label={`${capitalized(byProject.noun.other)} in project ${name}`}
            >
              <h3 className="p-heading--6 used-by__group">
                Project {name}
                <span className="used-by__count">
                  {group.length} {noun}
                </span>
              </h3>
              <ul className="p-list used-by__list">
                {group.map((ref) => (
                  <UsedByItem key={ref.url} item={ref} project={name} />
                ))}
              </ul>
              {byProject.after?.(name)}
            </section>
          );
        })}
      </div>
    );
  }
  return (
    <div className="used-by">
      {groupUsedBy(refs).map((group) => (
        <section key={group.kind} aria-label={`Used by ${group.other}`}>
          <h3 className="p-heading--6 used-by__group">
            {capitalized(group.other)}
            <span className="used-by__count">{group.refs.length}</span>
          </h3>
          <ul className="p-list used-by__list">
            {group.refs.map((ref) => (
              <UsedByItem key={ref.url} item={ref} project={project} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
