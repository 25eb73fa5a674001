/**
 * An instance's resource-type icon (container, virtual machine) without the other types' styles:
 * the instance list is part of the first screen (see ResourceIcon.tsx for every type).
 */
import './resource-icon-base.scss';

/** An instance's icon type by its LXD type ("container" or "virtual-machine"). */
export function instanceIconType(
  type: string | undefined,
): 'container' | 'virtual-machine' | 'instance' {
  return type === 'virtual-machine'
    ? 'virtual-machine'
    : type === 'container'
      ? 'container'
      : 'instance';
}

/** Decorative: it stands next to the instance's visible name. */
export function InstanceIcon({ type }: { type: string | undefined }) {
  const iconType = instanceIconType(type);
  return (
    <i
      className={`resource-icon resource-icon--${iconType}`}
      aria-hidden="true"
      data-resource-type={iconType}
    />
  );
}
