import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../testing/render';
import { useLocation } from '../routing/router';
import { CommandPalette, PALETTE_LIMIT, paletteMatches, type PaletteGroup } from './CommandPalette';

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname}</output>;
}

function setup(groups: PaletteGroup[]) {
  const onClose = vi.fn();
  renderSignedIn(
    <>
      <CommandPalette groups={groups} onClose={onClose} />
      <Where />
    </>,
    { path: '/project/default/instances' },
  );
  return {
    onClose,
    input: screen.getByRole('combobox', { name: 'Search resources, screens and actions' }),
  };
}

const start = vi.fn();
const freeze = vi.fn();
const GROUPS: PaletteGroup[] = [
  {
    label: 'Actions',
    options: [
      { id: 'start', label: 'Start', run: start },
      { id: 'freeze', label: 'Freeze', reason: 'You do not have permission', run: freeze },
    ],
  },
  {
    label: 'Instances',
    options: [
      { id: 'web', label: 'web', detail: 'Running', to: '/project/default/instance/web' },
      { id: 'db', label: 'db', detail: 'Stopped', to: '/project/default/instance/db' },
    ],
  },
];

describe('CommandPalette', () => {
  it('is a dialog with a focused combobox and grouped options, the first one active', () => {
    const { input } = setup(GROUPS);
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    expect(input).toHaveFocus();
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(screen.getByRole('group', { name: 'Instances' })).toBeInTheDocument();
    const first = screen.getByRole('option', { name: 'Start' });
    expect(actions).toContainElement(first);
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
  });

  it('filters as the user types, moves with the arrows and goes to a resource with Enter', async () => {
    const { input, onClose } = setup(GROUPS);
    await userEvent.type(input, 'd');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'db Stopped',
    ]);
    expect(screen.getByRole('option', { name: 'db Stopped' })).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const web = screen.getByRole('option', { name: /web/ });
    expect(web).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', web.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // Up from the first option wraps to the last.
    expect(screen.getByRole('option', { name: /db/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      '/project/default/instance/web',
    );
  });

  it('runs an action with Enter', async () => {
    const { input } = setup(GROUPS);
    await userEvent.type(input, 'start{Enter}');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('shows a disabled action with its reason and does not run it', async () => {
    const { input, onClose } = setup(GROUPS);
    await userEvent.type(input, 'freeze');
    const option = screen.getByRole('option', { name: /^Freeze/ });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(option).toHaveAccessibleDescription('You do not have permission');
    await userEvent.keyboard('{Enter}');
    expect(freeze).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when nothing matches, and closes with Escape', async () => {
    const { input, onClose } = setup(GROUPS);
    await userEvent.type(input, 'zzz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('Nothing matches “zzz”')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('paletteMatches', () => {
  it('shows at most each group’s limit and PALETTE_LIMIT in all, of 10,000 instances', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, label: `c${i}` }));
    const shown = paletteMatches(
      [
        { label: 'Screens', options: [{ id: 's', label: 'Settings' }] },
        { label: 'Instances', options: many, limit: 80 },
        { label: 'Profiles', options: [{ id: 'p', label: 'c-profile' }] },
      ],
      'c',
    );
    expect(shown.map((group) => [group.group.label, group.options.length, group.start])).toEqual([
      ['Instances', PALETTE_LIMIT, 0],
    ]);
  });
});
