/**
 * The icon of each resource type of spec §3, one Vanilla p-icon each (their mixins are included
 * in src/app/styles.scss). Decorative: it stands next to the resource's visible name, which
 * names it for assistive technology.
 */
import type { ReactNode } from 'react';
import { instanceIconType } from './InstanceIcon';
import './resource-icon-base.scss';
import './resource-icon.scss';

export { instanceIconType };

export const RESOURCE_TYPES = [
  'container',
  'virtual-machine',
  'instance',
  'snapshot',
  'profile',
  'project',
  'cluster-group',
  'cluster-member',
  'network',
  'network-acl',
  'network-forward',
  'pool',
  'volume',
  'iso-volume',
  'image',
  'oidc-identity',
  'certificate',
  'auth-group',
  'idp-group',
  'device',
  'setting',
  'bucket',
  'bucket-key',
  'metric',
] as const;

export type ResourceType = (typeof RESOURCE_TYPES)[number];

export function ResourceIcon({ type, className }: { type: ResourceType; className?: string }) {
  return (
    <i
      className={`resource-icon resource-icon--${type}${className ? ` ${className}` : ''}`}
      aria-hidden="true"
      data-resource-type={type}
    />
  );
}

/** The icon followed by the resource's name (text or a link), kept on one line. */
export function ResourceName({ type, children }: { type: ResourceType; children: ReactNode }) {
  return (
    <span className="resource-name">
      <ResourceIcon type={type} />
      {children}
    </span>
  );
}
