import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth } from '../../../testing/render';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { spare, web } from './acl-fixtures';
import { AclCreatePage } from './pages/AclCreatePage';
import { AclListPage } from './pages/AclListPage';

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
