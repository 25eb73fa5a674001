import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  RESOURCE_ICONS,
  RESOURCE_TYPES,
  ResourceIcon,
  ResourceName,
  instanceIconType,
  isResourceType,
} from './ResourceIcon';

/** Spec §3: "Resource types (each with an icon)". */
const SPEC_TYPES =
  'container, virtual-machine, instance, snapshot, profile, project, cluster-group, cluster-member, network, network-acl, network-forward, pool, volume, iso-volume, image, oidc-identity, certificate, auth-group, idp-group, device, setting, bucket, bucket-key, metric'.split(
    ', ',
  );

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('resource-type icons', () => {
  it('has exactly the types of spec §3', () => {
    expect([...RESOURCE_TYPES].sort()).toEqual([...SPEC_TYPES].sort());
    expect(Object.keys(RESOURCE_ICONS).sort()).toEqual([...SPEC_TYPES].sort());
  });

  it('gives each type its own Vanilla icon drawing, in the icons stylesheet', () => {
    const icons = Object.values(RESOURCE_ICONS);
    expect(new Set(icons).size).toBe(icons.length);
    const vanilla = read(
      '../../../node_modules/vanilla-framework/scss/_base_icon-definitions.scss',
    );
    const styles = read('./resource-icon-base.scss') + read('./resource-icon.scss');
    for (const [type, icon] of Object.entries(RESOURCE_ICONS)) {
      expect(vanilla, icon).toContain(`@mixin vf-icon-${icon}($color`);
      expect(styles, type).toContain(
        `.resource-icon--${type} {\n  @include vf-icon-${icon}($colors--light-theme--icon);\n}`,
      );
    }
    // Not in the first screen's stylesheet.
    expect(read('../../app/styles.scss')).not.toContain('vf-p-icon-containers');
  });

  it.each(SPEC_TYPES)('renders %s as a decorative icon', (type) => {
    if (!isResourceType(type)) throw new Error(`${type} is not a resource type`);
    const { container } = render(<ResourceIcon type={type} />);
    const icon = container.querySelector('i');
    expect(icon).toHaveClass(`resource-icon--${type}`, 'resource-icon');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('data-resource-type', type);
  });

  it('leaves the name as the only text', () => {
    const { container } = render(<ResourceName type="profile">default</ResourceName>);
    expect(container).toHaveTextContent(/^default$/);
    expect(isResourceType('nope')).toBe(false);
    expect(instanceIconType('virtual-machine')).toBe('virtual-machine');
    expect(instanceIconType('container')).toBe('container');
    expect(instanceIconType(undefined)).toBe('instance');
  });
});
