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

/** The Vanilla icon drawing (`vf-icon-{name}`, see resource-icon.scss) of each type. */
export const RESOURCE_ICONS: Record<ResourceType, string> = {
  container: 'containers',
  'virtual-machine': 'pods',
  instance: 'units',
  snapshot: 'snapshot',
  profile: 'profile',
  project: 'folder',
  'cluster-group': 'cluster-host',
  'cluster-member': 'single-host',
  network: 'connected',
  'network-acl': 'security',
  'network-forward': 'exposed',
  pool: 'storage-pool',
  volume: 'storage-volume',
  'iso-volume': 'iso',
  image: 'image',
  'oidc-identity': 'user',
  certificate: 'certificate',
  'auth-group': 'user-group',
  'idp-group': 'circle-of-friends',
  device: 'usb',
  setting: 'settings',
  bucket: 'storage-bucket',
  'bucket-key': 'private-key',
  metric: 'statistics',
};

export function isResourceType(value: string): value is ResourceType {
  return (RESOURCE_TYPES as readonly string[]).includes(value);
}

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
