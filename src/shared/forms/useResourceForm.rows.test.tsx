import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ResourceForm } from './ResourceForm';
import { TextInput } from './fields';
import { useResourceForm } from './useResourceForm';
import type { NameLookup } from './useNameCheck';

interface Values {
  name: string;
  rows: { port: string }[];
}

function Rows() {
  const { fields, append } = useFieldArray<Values, 'rows'>({ name: 'rows' });
  return (
    <>
      {fields.map((row, index) => (
        <TextInput
          key={row.id}
          name={`rows.${String(index)}.port`}
          label={`Port ${String(index + 1)}`}
        />
      ))}
      <button type="button" onClick={() => append({ port: '' })}>
        Add
      </button>
    </>
  );
}

const takenLookup: NameLookup = (name) => Promise.resolve(name === 'taken');

function Form({ sent }: { sent: Values[] }) {
  const kit = useResourceForm<Values>({
    defaultValues: { name: '', rows: [] },
    // A rule that names every field, undefined when it is fine.
    validate: (values) => ({
      name: values.name.trim() === '' ? 'Name is required' : undefined,
      ...Object.fromEntries(
        values.rows.map((row, index) => [
          `rows.${String(index)}.port`,
          row.port === '' ? 'Port is required' : undefined,
        ]),
      ),
    }),
    nameCheck: { field: 'name', lookup: takenLookup, message: 'That name is taken' },
    onSubmit: (values) => {
      sent.push(values);
    },
  });
  return (
    <ResourceForm kit={kit}>
      <TextInput name="name" label="Name" />
      <Rows />
      <button type="submit">Send</button>
    </ResourceForm>
  );
}

describe('useResourceForm', () => {
  it('says a name is taken once it was changed, before the field is left', async () => {
    render(<Form sent={[]} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'taken');
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows no problem in a row just added, and every problem once sent', async () => {
    const sent: Values[] = [];
    render(<Form sent={sent} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'web');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    // react-hook-form checks the rows after an add: nothing is wrong with the new one yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('textbox', { name: 'Port 1' })).toHaveFocus();
    expect(screen.queryByText('Port is required')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Port 1' })).toHaveAccessibleDescription(
        'Port is required',
      );
    });
    expect(sent).toEqual([]);
  });
});
