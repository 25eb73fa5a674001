import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxListInput, type CheckboxOption } from './choice-fields';
import { ResourceForm, ResourceFormModal } from './ResourceForm';
import { useResourceForm } from './useResourceForm';

interface Values {
  name: string;
  members: string[];
}

function Members({
  options,
  loading,
  onSubmit = () => undefined,
}: {
  options: readonly CheckboxOption[];
  loading?: boolean;
  onSubmit?: (values: Values) => unknown;
}) {
  const kit = useResourceForm<Values>({
    defaultValues: { name: '', members: ['b'] },
    validate: (values) => ({ members: values.members.length === 0 ? 'Choose one' : undefined }),
    onSubmit,
  });
  return (
    <ResourceForm kit={kit} label="Members form">
      <CheckboxListInput
        name="members"
        legend="Members"
        options={options}
        loading={loading}
        filterFrom={3}
        empty={<p>Nobody yet</p>}
      />
      <button type="submit">Send</button>
    </ResourceForm>
  );
}

const people = ['alice', 'bob', 'carol', 'dave'].map((name) => ({
  value: name.charAt(0),
  label: name,
  hint: name === 'dave' ? 'OIDC' : 'TLS',
}));

describe('CheckboxListInput', () => {
  it('filters a long list by label and hint, keeping the choice', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Members options={people} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Members' });
    expect(within(group).getByRole('checkbox', { name: 'bob TLS' })).toBeChecked();
    await user.type(within(group).getByRole('searchbox', { name: 'Filter members' }), 'oidc');
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['dave OIDC']);
    await user.click(within(group).getByRole('checkbox', { name: 'dave OIDC' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: '', members: ['b', 'd'] });
  });

  it('has no filter for a short list, and says it is loading or empty', () => {
    const { rerender } = render(<Members options={people.slice(0, 3)} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    rerender(<Members options={[]} loading />);
    expect(screen.getByRole('group', { name: 'Members' })).toHaveTextContent('Loading…');
    rerender(<Members options={[]} />);
    expect(screen.getByRole('group', { name: 'Members' })).toHaveTextContent('Nobody yet');
  });

  it('shows its problem once the form is sent', async () => {
    const user = userEvent.setup();
    render(<Members options={people} />);
    await user.click(screen.getByRole('checkbox', { name: 'bob TLS' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const group = screen.getByRole('group', { name: 'Members' });
    expect(within(group).getByRole('alert')).toHaveTextContent('Choose one');
    expect(group).toHaveAttribute('aria-invalid', 'true');
  });
});

function Dialog({ onSubmit, onClose }: { onSubmit: () => Promise<void>; onClose: () => void }) {
  const kit = useResourceForm<{ name: string }>({ defaultValues: { name: 'x' }, onSubmit });
  return (
    <ResourceFormModal
      kit={kit}
      title="Name it"
      submitLabel="Save"
      busyLabel="Saving…"
      onClose={onClose}
      intro={<p>Before</p>}
      after={<p>After</p>}
    >
      <p>Fields</p>
    </ResourceFormModal>
  );
}

describe('ResourceFormModal', () => {
  it('sends its form from the footer and stays open, busy, until the answer', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const onClose = vi.fn();
    render(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Name it' });
    expect(within(dialog).getByRole('form', { name: 'Name it' })).toHaveTextContent('Fields');
    expect(dialog).toHaveTextContent(/Before.*Fields.*After/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
    expect(await within(dialog).findByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
