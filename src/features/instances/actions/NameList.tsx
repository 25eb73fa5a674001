import { pluralInstances } from './bulk';

/** At most this many names are listed in a confirmation; the rest are counted. */
export const NAME_LIST_LIMIT = 8;

/** "a, b, c and 5 more" as a list, with an optional note after each name. */
export function NameList({
  items,
  label,
}: {
  items: readonly { name: string; note?: string | undefined }[];
  label: string;
}) {
  const shown = items.slice(0, NAME_LIST_LIMIT);
  const more = items.length - shown.length;
  return (
    <ul className="p-list instance-action-names" aria-label={label}>
      {shown.map((item, index) => (
        <li className="p-list__item" key={`${item.name}-${index}`}>
          <span className="instance-action-names__name">{item.name}</span>
          {item.note && <span className="u-text--muted"> ({item.note})</span>}
        </li>
      ))}
      {more > 0 && <li className="p-list__item u-text--muted">and {pluralInstances(more)} more</li>}
    </ul>
  );
}
