import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../testing/render';
import { SERVER_RULES } from '../../shared/permissions/rules';
import { ProjectCreatePage } from './pages/ProjectCreatePage';
import { ProjectConfigurationPage } from './pages/ProjectConfigurationPage';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';

afterEach(() => {
  vi.unstubAllGlobals();
});

const auth = testAuth({
  server: testServer({ api_extensions: ['projects_limits_instances', 'projects_networks'] }),
});

describe('project creation', () => {
  const open = (state = auth) =>
    renderAt('/projects/create', <ProjectCreatePage />, '/projects/create', state);

  it('checks the name, then posts the project and switches to it', async () => {
    const calls = fakeLxd(({ method, url }) =>
      method === 'POST' && url === '/1.0/projects' ? {} : undefined,
    );
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    // The check may wait for the project list (a busy machine): wait for the message.
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('Project name is required');
    });
    const name = screen.getByLabelText(/Name/);
    await userEvent.type(name, 'default');
    // The check may wait for the project list (a busy machine): wait for the message.
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'A project with this name already exists',
      );
    });
    await userEvent.clear(name);
    await userEvent.type(name, 'team');
    await userEvent.type(screen.getByLabelText('Description'), 'Team A');

    const nav = screen.getByRole('navigation', { name: 'Project form sections' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Resource limits' }));
    await userEvent.type(screen.getByLabelText('Instances'), '10');
    await userEvent.type(screen.getByLabelText('Memory'), '4');
    await userEvent.selectOptions(screen.getByLabelText('Memory unit'), 'MiB');
    await userEvent.click(within(nav).getByRole('button', { name: 'Restrictions' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Restrict this project' }));
    await userEvent.selectOptions(screen.getByLabelText('Container privilege'), 'isolated');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));

    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/team/instances');
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'team',
      description: 'Team A',
      config: {
        'features.images': 'true',
        'features.profiles': 'true',
        'features.storage.volumes': 'true',
        'features.networks': 'false',
        'limits.instances': '10',
        'limits.memory': '4MiB',
        restricted: 'true',
        'restricted.containers.privilege': 'isolated',
      },
    });
  });

  it('shows the project as YAML and reports errors at submit', async () => {
    fakeLxd(() => undefined);
    open();
    await userEvent.type(screen.getByLabelText(/Name/), 'p1');
    const nav = screen.getByRole('navigation', { name: 'Project form sections' });
    await userEvent.click(within(nav).getByRole('button', { name: 'YAML configuration' }));
    const editor = await screen.findByRole('textbox', { name: 'Project YAML' });
    expect(editor).toHaveTextContent('name: p1');
    expect(editor).toHaveTextContent('features.images: "true"');
    await userEvent.click(within(nav).getByRole('button', { name: 'Resource limits' }));
    await userEvent.type(screen.getByLabelText('CPU'), 'many');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of 0 or more');
  });

  it('shows only the restrictions the server supports', async () => {
    fakeLxd(() => undefined);
    const restrictions = async () => {
      const nav = screen.getByRole('navigation', { name: 'Project form sections' });
      await userEvent.click(within(nav).getByRole('button', { name: 'Restrictions' }));
    };
    const { unmount } = open();
    await restrictions();
    expect(screen.getByRole('switch', { name: 'Restrict this project' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Backups and snapshots' })).toBeNull();
    unmount();
    open(
      testAuth({
        server: testServer({ api_extensions: ['projects_restricted_backups_and_snapshots'] }),
      }),
    );
    await restrictions();
    const group = screen.getByRole('group', { name: 'Backups and snapshots' });
    expect(within(group).getByLabelText('Backups')).toBeInTheDocument();
  });

  it('a restricted project without its own profiles is refused at the switch', async () => {
    const calls = fakeLxd(() => undefined);
    open();
    await userEvent.type(screen.getByLabelText(/Name/), 'p1');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Profiles/ }));
    const nav = screen.getByRole('navigation', { name: 'Project form sections' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Restrictions' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Restrict this project' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A restricted project needs its own profiles: turn on the Profiles feature',
    );
    await userEvent.click(within(nav).getByRole('button', { name: /^Project details/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(within(nav).getByRole('button', { name: /^Restrictions/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      screen.getByRole('switch', { name: 'Restrict this project' }),
    ).toHaveAccessibleDescription(
      'A restricted project needs its own profiles: turn on the Profiles feature',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('is read-only without the permission to create projects', () => {
    fakeLxd(() => undefined);
    open({ ...auth, isFineGrained: true, server: { ...auth.server } });
    expect(screen.getByRole('note')).toHaveTextContent(SERVER_RULES.createProjects.reason);
    const submit = screen.getByRole('button', { name: 'Create project' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('You do not have permission to create projects');
  });

  it('is writable with project_manager on the server (fine-grained)', () => {
    fakeLxd(() => undefined);
    open({
      ...auth,
      isFineGrained: true,
      server: { ...auth.server, access_entitlements: ['project_manager'] },
    });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeEnabled();
  });
});

describe('project configuration', () => {
  const project = {
    name: 'team',
    description: 'Team A',
    config: { 'features.profiles': 'true', 'limits.cpu': '4', 'user.owner': 'ops' },
    used_by: ['/1.0/profiles/default?project=team', '/1.0/instances/c1?project=team'],
  };
  const open = () =>
    renderAt(
      '/project/:project/configuration/:section?',
      <ProjectConfigurationPage />,
      '/project/team/configuration/resource-limits',
      auth,
    );

  const fineGrained = (entitlements: string[]) => {
    fakeLxd(({ url, method }) =>
      url === '/1.0/projects/team' && method === 'GET'
        ? { metadata: { ...project, used_by: [] }, etag: '"v1"' }
        : undefined,
    );
    renderAt(
      '/project/:project/configuration/:section?',
      <ProjectConfigurationPage />,
      '/project/team/configuration/resource-limits',
      testAuth({
        isFineGrained: true,
        projects: [{ ...project, access_entitlements: entitlements }],
      }),
    );
  };

  it('fine-grained without can_edit and can_delete: rename, delete and save say why', async () => {
    fineGrained([]);
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('You do not have permission to change this project');
    const rename = screen.getByRole('button', { name: 'Rename' });
    expect(rename).toBeDisabled();
    expect(rename).toHaveAccessibleDescription('You do not have permission to rename this project');
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('You do not have permission to delete this project');
  });

  it('fine-grained with can_edit and can_delete: rename and delete are enabled', async () => {
    fineGrained(['can_edit', 'can_delete']);
    await screen.findByRole('button', { name: 'Save changes' });
    expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('saves with If-Match, keeping keys the form does not show', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (url === '/1.0/projects/team' && method === 'GET') {
        return { metadata: project, etag: '"v1"' };
      }
      if (method === 'PUT') return {};
      return undefined;
    });
    open();
    const cpu = await screen.findByLabelText('CPU');
    expect(cpu).toHaveValue('4');
    expect(screen.getByText('This project holds 1 instance.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute(
      'title',
      'Only empty projects can be deleted. This project still holds 1 instance.',
    );
    await userEvent.clear(cpu);
    await userEvent.type(cpu, '8');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => {
      expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.headers.get('If-Match')).toBe('"v1"');
    expect(put?.body).toEqual({
      description: 'Team A',
      config: { 'features.profiles': 'true', 'limits.cpu': '8', 'user.owner': 'ops' },
    });
  });

  it('a 412 says someone else changed it and keeps the edits', async () => {
    fakeLxd(({ method, url }) => {
      if (url === '/1.0/projects/team' && method === 'GET') {
        return { metadata: project, etag: '"v1"' };
      }
      if (method === 'PUT') return { status: 412, error: "ETag doesn't match" };
      return undefined;
    });
    open();
    const cpu = await screen.findByLabelText('CPU');
    await userEvent.clear(cpu);
    await userEvent.type(cpu, '16');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Someone else changed this project')).toBeInTheDocument();
    expect(screen.getByLabelText('CPU')).toHaveValue('16');
    expect(screen.getByRole('button', { name: 'Save my changes anyway' })).toBeInTheDocument();
  });
});
