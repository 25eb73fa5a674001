import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  RESOURCE_TYPES,
  ResourceIcon,
  ResourceName,
  instanceIconType,
  type ResourceType,
} from './ResourceIcon';

/** Spec §3: "Resource types (each with an icon)". */
const SPEC_TYPES =
  'container, virtual-machine, instance, snapshot, profile, project, cluster-group, cluster-member, network, network-acl, network-forward, pool, volume, iso-volume, image, oidc-identity, certificate, auth-group, idp-group, device, setting, bucket, bucket-key, metric'.split(
    ', ',
  );

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The Vanilla icon drawing each type's class includes, as the icon stylesheets give it. */
function stylesheetIcons(): Record<string, string> {
  const styles = read('./resource-icon-base.scss') + read('./resource-icon.scss');
  const rule =
    /\.resource-icon--([a-z-]+) \{\n {2}@include vf-icon-([a-z-]+)\(\$colors--light-theme--icon\);\n\}/g;
  const icons: Record<string, string> = {};
  for (const [, type = '', icon = ''] of styles.matchAll(rule)) icons[type] = icon;
  return icons;
}

describe('resource-type icons', () => {
  it('has exactly the types of spec §3, each with a class in the icon stylesheets', () => {
    expect([...RESOURCE_TYPES].sort()).toEqual([...SPEC_TYPES].sort());
    expect(Object.keys(stylesheetIcons()).sort()).toEqual([...SPEC_TYPES].sort());
  });

  it('gives each type its own Vanilla icon drawing', () => {
    const icons = Object.values(stylesheetIcons());
    expect(new Set(icons).size).toBe(icons.length);
    const vanilla = read(
      '../../../node_modules/vanilla-framework/scss/_base_icon-definitions.scss',
    );
    for (const icon of icons) expect(vanilla, icon).toContain(`@mixin vf-icon-${icon}($color`);
    // Not in the first screen's stylesheet.
    expect(read('../../app/styles.scss')).not.toContain('vf-p-icon-containers');
  });

  it.each(RESOURCE_TYPES)('renders %s as a decorative icon', (type: ResourceType) => {
    const { container } = render(<ResourceIcon type={type} />);
    const icon = container.querySelector('i');
    expect(icon).toHaveClass(`resource-icon--${type}`, 'resource-icon');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('data-resource-type', type);
  });

  it('leaves the name as the only text', () => {
    const { container } = render(<ResourceName type="profile">default</ResourceName>);
    expect(container).toHaveTextContent(/^default$/);
    expect(instanceIconType('virtual-machine')).toBe('virtual-machine');
    expect(instanceIconType('container')).toBe('container');
    expect(instanceIconType(undefined)).toBe('instance');
  });
});
