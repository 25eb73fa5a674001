import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth } from '../../../testing/render';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { spare, web } from './acl-fixtures';
import { AclDetailPage } from './pages/AclDetailPage';
import { ACL_MESSAGES } from './rules';

afterEach(() => {
  vi.unstubAllGlobals();
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
    const edit = await screen.findByRole('button', { name: 'Edit ingress rule 1' });
    // Nothing to save until a rule changes.
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await userEvent.click(edit);
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
