import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRecordedChanges, recordChange } from '../../lxd/changes';
import { AuthContext } from '../auth/context';
import { testAuth, testServer } from '../../testing/render';
import { RecentCommands } from './RecentCommands';

afterEach(() => {
  clearRecordedChanges();
});

describe('RecentCommands', () => {
  it('lists the changes newest first with their command and REST call, live', () => {
    recordChange({
      method: 'PUT',
      path: '/1.0/instances/web/state?project=dev',
      remote: null,
      body: { action: 'start', force: false, timeout: -1 },
    })('succeeded');
    render(
      <AuthContext.Provider value={testAuth()}>
        <RecentCommands onClose={vi.fn()} />
      </AuthContext.Provider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Recent changes as commands' });
    act(() => {
      recordChange({
        method: 'DELETE',
        path: '/1.0/instances/db?project=dev',
        remote: null,
        body: undefined,
      })('failed', 'Instance is running');
    });
    const items = within(dialog).getAllByRole('listitem');
    const [newest, older] = items;
    expect(items).toHaveLength(2);
    expect(newest).toHaveTextContent('lxc delete db --project dev');
    expect(newest).toHaveTextContent('Failed: Instance is running');
    expect(older).toHaveTextContent('lxc start web --project dev');
    expect(older).toHaveTextContent(
      'PUT /1.0/instances/web/state?project=dev { "action": "start", "force": false, "timeout": -1 }',
    );
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Copy command' }),
    ).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Copy REST call' }),
    ).toBeInTheDocument();
  });

  it('says there is nothing yet, with the client of Incus on Incus', () => {
    render(
      <AuthContext.Provider
        value={testAuth({ server: testServer({ environment: { server: 'incus' } }) })}
      >
        <RecentCommands onClose={vi.fn()} />
      </AuthContext.Provider>,
    );
    expect(screen.getByText(/No changes yet/)).toHaveTextContent('with its incus command');
  });
});
