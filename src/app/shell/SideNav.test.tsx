import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, testAuth, testServer } from '../../testing/render';
import { appRoutes } from '../router';
import { CONSOLE_VERSION } from './bugReport/bugReport';
import { bugReportText, serveLxd521 } from './bugReport/testing';
import { SideNav } from './SideNav';
import { StatusBar } from './StatusBar';

const noop = () => undefined;

function nav() {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('side navigation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows Server when standalone and Cluster entries when clustered', () => {
    const { unmount } = renderSignedIn(<SideNav onNavigate={noop} />);
    expect(within(nav()).getByRole('link', { name: 'Server' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Cluster' })).toBeNull();
    unmount();
    renderSignedIn(<SideNav onNavigate={noop} />, {
      auth: testAuth({ isClustered: true }),
    });
    expect(within(nav()).queryByRole('link', { name: 'Server' })).toBeNull();
    expect(within(nav()).getByRole('button', { name: 'Cluster' })).toBeInTheDocument();
  });

  it('hides Warnings for restricted users', () => {
    renderSignedIn(<SideNav onNavigate={noop} />, { auth: testAuth({ isRestricted: true }) });
    expect(within(nav()).queryByRole('link', { name: 'Warnings' })).toBeNull();
  });

  it('links identities, groups and IdP groups with access management, certificates without', async () => {
    const { unmount } = renderSignedIn(<SideNav onNavigate={noop} />);
    await userEvent.click(within(nav()).getByRole('button', { name: 'Permissions' }));
    expect(within(nav()).getByRole('link', { name: 'Certificates' })).toHaveAttribute(
      'href',
      '/permissions/certificates',
    );
    expect(within(nav()).queryByRole('link', { name: 'Identities' })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'IDP groups' })).toBeNull();
    unmount();
    renderSignedIn(<SideNav onNavigate={noop} />, {
      auth: testAuth({ server: testServer({ api_extensions: ['access_management'] }) }),
    });
    await userEvent.click(within(nav()).getByRole('button', { name: 'Permissions' }));
    expect(within(nav()).getByRole('link', { name: 'Identities' })).toHaveAttribute(
      'href',
      '/permissions/identities?system-identities=hide',
    );
    expect(within(nav()).getByRole('link', { name: 'Groups' })).toHaveAttribute(
      'href',
      '/permissions/groups',
    );
    expect(within(nav()).getByRole('link', { name: 'IDP groups' })).toHaveAttribute(
      'href',
      '/permissions/idp-groups',
    );
    expect(within(nav()).queryByRole('link', { name: 'Certificates' })).toBeNull();
  });

  it('lists Custom ISOs only when the server supports them', async () => {
    const { unmount } = renderSignedIn(<SideNav onNavigate={noop} />);
    await userEvent.click(within(nav()).getByRole('button', { name: 'Storage' }));
    expect(within(nav()).queryByRole('link', { name: 'Custom ISOs' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Buckets' })).toBeInTheDocument();
    unmount();
    renderSignedIn(<SideNav onNavigate={noop} />, {
      auth: testAuth({ server: testServer({ api_extensions: ['custom_volume_iso'] }) }),
    });
    await userEvent.click(within(nav()).getByRole('button', { name: 'Storage' }));
    expect(within(nav()).getByRole('link', { name: 'Custom ISOs' })).toBeInTheDocument();
  });

  it('opens the group of the page shown, also when that page is not offered', () => {
    renderSignedIn(<SideNav onNavigate={noop} />, {
      path: '/project/default/storage/custom-isos',
      routes: appRoutes,
    });
    expect(within(nav()).getByRole('button', { name: 'Storage' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(nav()).getByRole('link', { name: 'Pools' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Custom ISOs' })).toBeNull();
  });

  it('marks the list entry of a detail page under another prefix as current', () => {
    const current = (path: string) => {
      const { unmount } = renderSignedIn(<SideNav onNavigate={noop} />, {
        path,
        routes: appRoutes,
      });
      const active = within(nav())
        .getAllByRole('link')
        .filter((link) => link.classList.contains('active'))
        .map((link) => link.textContent);
      unmount();
      return active;
    };
    expect(current('/project/default/storage/pool/default')).toEqual(['Pools']);
    expect(current('/project/default/storage/pool/default/configuration')).toEqual(['Pools']);
    expect(current('/project/default/storage/pool/p1/volumes/custom/v1/snapshots')).toEqual([
      'Volumes',
    ]);
    expect(current('/project/default/storage/pool/p1/member/m1/volumes/custom/v1')).toEqual([
      'Volumes',
    ]);
    expect(current('/project/default/storage/pool/p1/bucket/b1')).toEqual(['Buckets']);
    expect(current('/project/default/network/br0/forwards/create')).toEqual(['Networks']);
    expect(current('/project/default/member/m1/network/br0')).toEqual(['Networks']);
    expect(current('/project/default/network-acl/web')).toEqual(['Network ACLs']);
  });

  it('links the documentation locally from server 5.19', () => {
    const { unmount } = renderSignedIn(<SideNav onNavigate={noop} />);
    expect(within(nav()).getByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:/) as string,
    );
    unmount();
    renderSignedIn(<SideNav onNavigate={noop} />, {
      auth: testAuth({ server: testServer({ environment: { server_version: '5.21.3' } }) }),
    });
    expect(within(nav()).getByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      '/documentation/',
    );
  });

  it("links Incus's own documentation and forum on Incus", () => {
    renderSignedIn(<SideNav onNavigate={noop} />, {
      auth: testAuth({
        server: testServer({ environment: { server: 'incus', server_version: '6.0.4' } }),
      }),
    });
    expect(within(nav()).getByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'href',
      'https://linuxcontainers.org/incus/docs/main/',
    );
    expect(within(nav()).getByRole('link', { name: 'Discussion' })).toHaveAttribute(
      'href',
      'https://discuss.linuxcontainers.org/',
    );
  });

  it('opens the bug report from the footer, with no link to a bug tracker', async () => {
    const user = userEvent.setup();
    serveLxd521();
    renderSignedIn(<SideNav onNavigate={noop} />);
    const footer = within(nav()).getByRole('list', { name: 'Help and account' });
    // Not a link away to a tracker: it opens the report here.
    expect(within(footer).getByRole('link', { name: 'Report a bug' })).toHaveAttribute(
      'href',
      '#report-a-bug',
    );
    await user.click(within(footer).getByRole('link', { name: 'Report a bug' }));
    const { dialog, text } = await bugReportText();
    expect(text).toContain(`Console version: ${CONSOLE_VERSION}`);
    expect(text).toContain('Server: lxd 5.21.3, 3 API extensions');
    expect(text).not.toContain('Error:');
    expect(within(dialog).getByRole('button', { name: 'Copy bug report' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('offers Log out only to single-sign-on users', () => {
    const { unmount } = renderSignedIn(<SideNav onNavigate={noop} />);
    expect(within(nav()).queryByRole('button', { name: 'Log out' })).toBeNull();
    unmount();
    renderSignedIn(<SideNav onNavigate={noop} />, { auth: testAuth({ isOidc: true }) });
    expect(within(nav()).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('disables Create project without permission, with the reason as title', async () => {
    renderSignedIn(<SideNav onNavigate={noop} />, {
      auth: testAuth({ isFineGrained: true }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Project default' }));
    const create = screen.getByRole('button', { name: 'Create project' });
    expect(create).toBeDisabled();
    expect(create).toHaveAttribute('title', 'You do not have permission to create projects');
  });

  it('allows Create project when fine-grained mode is off', async () => {
    renderSignedIn(<SideNav onNavigate={noop} />);
    await userEvent.click(screen.getByRole('button', { name: 'Project default' }));
    expect(screen.getByRole('link', { name: 'Create project' })).toHaveAttribute(
      'href',
      '/projects/create',
    );
  });

  it('closes the project list with Escape', async () => {
    renderSignedIn(<SideNav onNavigate={noop} />);
    await userEvent.click(screen.getByRole('button', { name: 'Project default' }));
    expect(screen.getByRole('navigation', { name: 'Projects' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Projects' })).toBeNull();
  });
});

describe('status bar', () => {
  it('warns about servers older than 5', () => {
    renderSignedIn(<StatusBar project="default" />, {
      auth: testAuth({ server: testServer({ environment: { server_version: '4.0.9' } }) }),
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      /^You are using an outdated server version\./,
    );
    expect(screen.getByText('Version 4.0.9', { exact: false })).toBeInTheDocument();
  });

  it("opens 'Missing viewer permission' when events and operations cannot be viewed", async () => {
    renderSignedIn(<StatusBar project="default" />, {
      auth: testAuth({
        isFineGrained: true,
        projects: [
          { name: 'default', description: '', config: {}, access_entitlements: ['can_edit'] },
        ],
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Missing viewer permission' }));
    const dialog = screen.getByRole('dialog', { name: 'Missing viewer permission' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no permission warning with both entitlements', () => {
    renderSignedIn(<StatusBar project="default" />, {
      auth: testAuth({
        isFineGrained: true,
        projects: [
          {
            name: 'default',
            description: '',
            config: {},
            access_entitlements: ['can_view_events', 'can_view_operations'],
          },
        ],
      }),
    });
    expect(screen.queryByRole('button', { name: 'Missing viewer permission' })).toBeNull();
  });
});
