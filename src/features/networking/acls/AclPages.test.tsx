import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth } from '../../../testing/render';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { AclCreatePage } from './pages/AclCreatePage';
import { AclDetailPage } from './pages/AclDetailPage';
import { AclListPage } from './pages/AclListPage';
import { ACL_MESSAGES } from './rules';

// CodeMirror cannot measure text in jsdom: YAML mode gets a plain text box with the same name.
vi.mock('../../../shared/ui/yaml', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/ui/yaml')>()),
  YamlEditor: ({
    value,
    onChange,
    label,
  }: {
    value: string;
    onChange: (value: string) => void;
    label: string;
  }) => (
    <textarea
      aria-label={label}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const web = {
  name: 'web',
  description: 'Web servers',
  ingress: [
    { action: 'allow', state: 'enabled', protocol: 'tcp', destination_port: '80,443' },
    { action: 'drop', state: 'logged', source: '10.0.0.0/8' },
  ],
  egress: [],
  config: {},
  used_by: ['/1.0/networks/br0', '/1.0/instances/c1?project=team'],
};
const spare = {
  name: 'spare',
  description: '',
  ingress: [],
  egress: [{ action: 'reject', state: 'enabled', protocol: 'icmp4', icmp_type: '8' }],
  config: {},
  used_by: [],
};

const listPage = (entry = '/project/default/network-acls') =>
  renderAt('/project/:project/network-acls', <AclListPage />, entry);

describe('network ACL list', () => {
  it('shows name, description, rule counts and users; search in the URL', async () => {
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/network-acls?') ? { metadata: [web, spare] } : undefined,
    );
    listPage();
    const table = await screen.findByRole('table', { name: 'Network ACLs' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('spare010');
    expect(within(table).getByRole('row', { name: 'web' })).toHaveTextContent('webWeb servers202');
    expect(within(table).getByRole('link', { name: 'web' })).toHaveAttribute(
      'href',
      '/project/default/network-acl/web',
    );
    expect(screen.getByRole('link', { name: 'Create network ACL' })).toHaveAttribute(
      'href',
      '/project/default/network-acls/create',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search network ACLs' }), 'servers');
    expect(within(table).queryByRole('link', { name: 'spare' })).toBeNull();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('search=servers');
    });
  });

  it('disables create with the reason without can_create_network_acls', async () => {
    const calls = fakeLxd(({ url }) =>
      url.startsWith('/1.0/network-acls?') ? { metadata: [] } : undefined,
    );
    renderAt(
      '/project/:project/network-acls',
      <AclListPage />,
      '/project/default/network-acls',
      fineGrainedAuth({ project: ['can_edit'] }),
    );
    const [button] = await screen.findAllByRole('button', { name: 'Create network ACL' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'You do not have permission to create network ACLs in this project',
    );
    expect(calls.map((c) => c.url)).toContain(
      '/1.0/network-acls?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
  });

  it('shows rows without metadata as an error (spec §8)', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/network-acls?') ? { metadata: null } : undefined));
    listPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load network ACLsNetwork ACLs have no row metadata',
    );
  });
});

describe('network ACL create', () => {
  it('checks the name, adds an ingress rule through its dialog and posts the ACL', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (url.startsWith('/1.0/network-acls/web?')) return { metadata: web };
      if (method === 'POST' && url === '/1.0/network-acls?project=default') return {};
      return undefined;
    });
    renderAt(
      '/project/:project/network-acls/create',
      <AclCreatePage />,
      '/project/default/network-acls/create',
    );
    const name = screen.getByLabelText('Name');
    await userEvent.type(name, 'web');
    await userEvent.tab();
    expect(await screen.findByText('A network ACL with this name already exists')).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, '1web');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Network ACL name must start with a letter',
    );
    await userEvent.clear(name);
    await userEvent.type(name, 'api');
    await userEvent.type(screen.getByLabelText('Description'), 'API servers');

    await userEvent.click(screen.getByRole('button', { name: 'Add ingress rule' }));
    const dialog = screen.getByRole('dialog', { name: 'Add ingress rule' });
    expect(within(dialog).queryByLabelText('Destination ports')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Protocol'), 'tcp');
    await userEvent.selectOptions(within(dialog).getByLabelText('Action'), 'reject');
    const ports = within(dialog).getByLabelText('Destination ports');
    await userEvent.type(ports, '1,2,3,4,5,6,7,8,9,10,11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'At most 10 ports or port ranges are allowed',
    );
    await userEvent.clear(ports);
    await userEvent.type(ports, '65536');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Ports must be numbers from 1 to 65535',
    );
    await userEvent.clear(ports);
    await userEvent.type(ports, '8000-8080');
    await userEvent.type(within(dialog).getByLabelText('Source'), '10.0.0.0/8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const table = screen.getByRole('table', { name: 'Ingress rules' });
    expect(within(table).getByRole('row', { name: 'Ingress rule 1' })).toHaveTextContent(
      '1RejectEnabledTCP10.0.0.0/8Any8000-8080',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create network ACL' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/network-acl/api');
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'api',
      description: 'API servers',
      ingress: [
        {
          action: 'reject',
          state: 'enabled',
          protocol: 'tcp',
          source: '10.0.0.0/8',
          destination_port: '8000-8080',
        },
      ],
      egress: [],
      config: {},
    });
  });

  it('edits as YAML: errors point at their line and nothing is sent', async () => {
    const calls = fakeLxd(({ method }) => (method === 'POST' ? {} : undefined));
    renderAt(
      '/project/:project/network-acls/create',
      <AclCreatePage />,
      '/project/default/network-acls/create',
    );
    await userEvent.type(screen.getByLabelText('Name'), 'api');
    await userEvent.click(screen.getByRole('button', { name: 'YAML' }));
    expect(screen.getByRole('button', { name: 'YAML' })).toHaveAttribute('aria-pressed', 'true');
    const editor = screen.getByRole('textbox', { name: 'Network ACL YAML' });
    expect((editor as HTMLTextAreaElement).value).toContain('name: api');
    await userEvent.clear(editor);
    await userEvent.type(editor, 'name: api{enter}ingress:{enter}  - action: allow{enter} bad: [[');
    await userEvent.click(screen.getByRole('button', { name: 'Form' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Line 4, column \d+: /);
    expect(screen.getByRole('button', { name: 'YAML' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Create network ACL' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Line 4/);

    await userEvent.clear(editor);
    await userEvent.type(
      editor,
      'name: api{enter}ingress:{enter}  - action: allow{enter}    protocol: tcp{enter}    destination_port: "65536"',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create network ACL' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'ingress rule 1: Ports must be numbers from 1 to 65535',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(editor);
    await userEvent.type(
      editor,
      'name: api{enter}ingress:{enter}  - action: allow{enter}    protocol: tcp{enter}    destination_port: "22"',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Form' }));
    expect(screen.getByRole('row', { name: 'Ingress rule 1' })).toHaveTextContent(
      'AllowEnabledTCP',
    );
    expect(screen.getByLabelText('Name')).toHaveValue('api');
  });
});

describe('network ACL detail', () => {
  const detail = (entry = '/project/default/network-acl/web') =>
    renderAt('/project/:project/network-acl/:name/:activeTab?', <AclDetailPage />, entry);

  const fineGrained = (entitlements: string[]) => {
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/network-acls/spare?')) return { metadata: spare, etag: '"e1"' };
      if (url.startsWith('/1.0/network-acls?')) {
        return { metadata: [{ ...spare, access_entitlements: entitlements }] };
      }
      return undefined;
    });
    renderAt(
      '/project/:project/network-acl/:name',
      <AclDetailPage />,
      '/project/default/network-acl/spare',
      fineGrainedAuth(),
    );
  };

  it('fine-grained without can_edit and can_delete: rename, delete and save say why', async () => {
    fineGrained([]);
    const save = await screen.findByRole('button', { name: 'Save changes' });
    await waitFor(() => {
      expect(save).toHaveAccessibleDescription(
        'You do not have permission to change this network ACL',
      );
    });
    expect(save).toBeDisabled();
    const rename = screen.getByRole('button', { name: 'Rename' });
    expect(rename).toBeDisabled();
    expect(rename).toHaveAccessibleDescription(
      'You do not have permission to rename this network ACL',
    );
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'You do not have permission to delete this network ACL',
    );
  });

  it('fine-grained with can_edit and can_delete: rename and delete are enabled', async () => {
    fineGrained(['can_edit', 'can_delete']);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled();
    });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('edits the rules (move, remove) and saves with If-Match; 412 is a conflict', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'PUT') return { status: 412, error: 'ETag mismatch' };
      if (url.startsWith('/1.0/network-acls/web?')) return { metadata: web, etag: '"e1"' };
      if (url.startsWith('/1.0/network-acls?')) return { metadata: [web] };
      return undefined;
    });
    detail();
    const table = await screen.findByRole('table', { name: 'Ingress rules' });
    expect(screen.getByRole('button', { name: 'Move ingress rule 1 up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move ingress rule 1 down' }));
    expect(within(table).getByRole('row', { name: 'Ingress rule 1' })).toHaveTextContent('Drop');
    await userEvent.click(screen.getByRole('button', { name: 'Remove ingress rule 2' }));
    expect(within(table).queryByRole('row', { name: 'Ingress rule 2' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByRole('heading', { name: 'Someone else changed this network ACL' }),
    ).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/1.0/network-acls/web?project=default');
    expect(put?.headers.get('If-Match')).toBe('"e1"');
    expect(put?.body).toEqual({
      description: 'Web servers',
      ingress: [{ action: 'drop', state: 'logged', source: '10.0.0.0/8' }],
      egress: [],
      config: {},
    });
  });

  it('edits a rule in its dialog', async () => {
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/network-acls/web?')) return { metadata: web, etag: '"e1"' };
      if (url.startsWith('/1.0/network-acls?')) return { metadata: [web] };
      return undefined;
    });
    detail();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit ingress rule 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit ingress rule 1' });
    expect(within(dialog).getByLabelText('Destination ports')).toHaveValue('80,443');
    await userEvent.selectOptions(within(dialog).getByLabelText('Protocol'), 'icmp4');
    await userEvent.type(within(dialog).getByLabelText('ICMP type'), '300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update rule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'ICMP type must be a number from 0 to 255',
    );
    await userEvent.clear(within(dialog).getByLabelText('ICMP type'));
    await userEvent.type(within(dialog).getByLabelText('ICMP type'), '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update rule' }));
    expect(screen.getByRole('row', { name: 'Ingress rule 1' })).toHaveTextContent('ICMPv4');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('refuses delete while in use, saying by what; lists the users and shows the log', async () => {
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/network-acls/web/log')) {
        return { status: 500, error: 'Only OVN log entries may be retrieved at this time' };
      }
      if (url.startsWith('/1.0/network-acls/web?')) return { metadata: web, etag: '"e1"' };
      if (url.startsWith('/1.0/network-acls?')) return { metadata: [web] };
      return undefined;
    });
    detail('/project/default/network-acl/web/used-by');
    const remove = await screen.findByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAttribute(
      'title',
      'This network ACL is used by 1 network (br0) and 1 instance (c1). Remove it from them before deleting it.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Used by networks' })).getByRole('link', {
        name: 'br0',
      }),
    ).toHaveAttribute('href', '/project/default/network/br0');
    expect(
      within(screen.getByRole('region', { name: 'Used by instances' })).getByRole('link', {
        name: 'c1',
      }),
    ).toHaveAttribute('href', '/project/team/instance/c1');
    await userEvent.click(screen.getByRole('tab', { name: 'Log' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the logOnly OVN log entries may be retrieved at this time',
    );
    expect(screen.getByRole('button', { name: 'Refresh log' })).toBeEnabled();
  });

  it('renames with POST {name} and deletes an unused ACL', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'POST' || method === 'DELETE') return {};
      if (url.startsWith('/1.0/network-acls/spare?')) return { metadata: spare };
      if (url.startsWith('/1.0/network-acls/spare2?'))
        return { metadata: { ...spare, name: 'spare2' } };
      if (url.startsWith('/1.0/network-acls?')) return { metadata: [web, spare] };
      return undefined;
    });
    detail('/project/default/network-acl/spare');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename network ACL' });
    const field = within(dialog).getByLabelText('New name');
    await userEvent.clear(field);
    await userEvent.type(field, 'web');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ACL_MESSAGES.nameExists);
    await userEvent.clear(field);
    await userEvent.type(field, 'spare2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/project/default/network-acl/spare2',
      );
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'spare2' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete network ACL' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/network-acls');
    });
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/1.0/network-acls/spare2?project=default',
    );
  });
});
