import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../testing/render';
import { ProjectConfigurationPage } from './pages/ProjectConfigurationPage';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';

afterEach(() => {
  vi.unstubAllGlobals();
});

const project = {
  name: 'team',
  description: '',
  config: { 'features.profiles': 'true' },
  used_by: ['/1.0/profiles/default?project=team'],
};

function open(extensions: string[], usedBy: string[], deleteAnswer: object = {}) {
  const calls = fakeLxd(({ method, url }) => {
    if (url === '/1.0/projects/team' && method === 'GET')
      return { metadata: { ...project, used_by: [...project.used_by, ...usedBy] }, etag: '"v1"' };
    if (method === 'DELETE') return deleteAnswer;
    return undefined;
  });
  renderAt(
    '/project/:project/configuration/:section?',
    <ProjectConfigurationPage />,
    '/project/team/configuration',
    testAuth({ server: testServer({ api_extensions: extensions }) }),
  );
  return calls;
}

describe('project delete', () => {
  it('is confirmed by typing the name; LXD 5.0.2 (no force) shows the server refusal', async () => {
    const calls = open([], [], { status: 400, error: 'Only empty projects can be removed' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete project' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByLabelText('Type team to confirm');
    await userEvent.type(field, 'tea');
    expect(field).toHaveAccessibleDescription('The name does not match');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'm');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only empty projects can be removed',
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/1.0/projects/team',
    ]);
  });

  it('with projects_force_delete a project with contents is deleted with force=1', async () => {
    const calls = open(['projects_force_delete'], ['/1.0/instances/c1?project=team']);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete project' });
    await userEvent.type(within(dialog).getByLabelText('Type team to confirm'), 'team');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Force/ }));
    await userEvent.click(confirm);
    await vi.waitFor(() => {
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        '/1.0/projects/team?force=1',
      ]);
    });
  });
});
