import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectInput, TextInput } from './fields';
import { ResourceForm } from './ResourceForm';
import { useResourceForm } from './useResourceForm';
import type { NameLookup } from './useNameCheck';

const TAKEN = 'An instance with this name already exists';

function CopyForm({ lookup, onSubmit }: { lookup: NameLookup; onSubmit: (v: object) => void }) {
  const kit = useResourceForm({
    defaultValues: { name: '', project: 'a' },
    // A rule that passes gives its field undefined: the name check still applies.
    validate: (values) => ({ name: values.name === '' ? 'Enter a name' : undefined }),
    nameCheck: { field: 'name', scope: (values) => values.project, lookup, message: TAKEN },
    onSubmit,
  });
  return (
    <ResourceForm kit={kit} label="Copy">
      <TextInput name="name" label="Name" />
      <SelectInput
        name="project"
        label="Project"
        options={[
          { value: 'a', label: 'a' },
          { value: 'b', label: 'b' },
        ]}
      />
      <button type="submit">Copy</button>
    </ResourceForm>
  );
}

describe('the name check of a form that chooses where the object goes', () => {
  it('asks in the chosen scope, and a name taken in one is free in another', async () => {
    const lookup = vi.fn<NameLookup>((name, _signal, scope) =>
      Promise.resolve(scope === 'a' && name === 'web'),
    );
    const onSubmit = vi.fn();
    render(<CopyForm lookup={lookup} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'web');
    await userEvent.tab();
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(lookup).toHaveBeenCalledWith('web', expect.any(AbortSignal), 'a');

    await userEvent.selectOptions(screen.getByLabelText('Project'), 'b');
    await waitFor(() => {
      expect(screen.queryByText(TAKEN)).toBeNull();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ name: 'web', project: 'b' });
    });
    expect(lookup).toHaveBeenLastCalledWith('web', expect.any(AbortSignal), 'b');
  });

  it('stops a submit with a name the server says is taken there', async () => {
    const lookup = vi.fn<NameLookup>((name, _signal, scope) =>
      Promise.resolve(scope === 'a' && name === 'web'),
    );
    const onSubmit = vi.fn();
    render(<CopyForm lookup={lookup} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'web');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
