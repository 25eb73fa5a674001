import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { configKey } from './config-keys';
import { ConfigKeyControl, ConfigKeyInput } from './ConfigKeyInput';
import { RadioInput } from './choice-fields';
import { FileInput } from './fields';
import { ResourceForm } from './ResourceForm';
import { useResourceForm } from './useResourceForm';

type Values = Record<string, unknown>;

function Form({
  values,
  children,
}: {
  values: Values;
  children: (reset: () => void) => ReactNode;
}) {
  const kit = useResourceForm<Values>({ defaultValues: values, onSubmit: () => undefined });
  return (
    <ResourceForm kit={kit} label="Form">
      {children(() => {
        kit.reset(values);
      })}
      <output aria-label="Values">{JSON.stringify(kit.form.watch())}</output>
    </ResourceForm>
  );
}

const mode = configKey('boot.mode', 'Boot mode', 'boot', 'select', {
  options: [{ value: 'bios', label: 'Legacy BIOS' }],
  defaultText: 'uefi',
  help: 'The firmware',
});

describe('config key fields', () => {
  it('draws a key with its LXD name, and the unset choice as the form words it', () => {
    render(
      <Form values={{ config: { boot_mode: '' } }}>
        {() => <ConfigKeyInput field={mode} empty="Not set (uefi)" />}
      </Form>,
    );
    const select = screen.getByRole('combobox', { name: 'Boot mode' });
    expect(select).toHaveAccessibleDescription('The firmware');
    expect(screen.getByText('boot.mode')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Not set (uefi)' })).toBeInTheDocument();
  });

  it('draws the bare control for a label elsewhere, keeping a value it does not know', async () => {
    render(
      <Form values={{ config: { boot_mode: 'odd' } }}>
        {() => (
          <>
            <label htmlFor="mode">Mode</label>
            <ConfigKeyControl field={mode} id="mode" empty="Not set" />
          </>
        )}
      </Form>,
    );
    const select = screen.getByRole('combobox', { name: 'Mode' });
    expect(select).toHaveValue('odd');
    expect(select).toHaveAccessibleDescription('The firmware');
    await userEvent.selectOptions(select, 'Not set');
    expect(screen.getByRole('status', { name: 'Values' })).toHaveTextContent('"boot_mode":""');
  });
});

describe('file and radio fields', () => {
  it('shows the chosen file, and empties the input when the form is reset', async () => {
    render(
      <Form values={{ file: null as File | null }}>
        {(reset) => (
          <>
            <FileInput name="file" label="Image file" help="A tarball" />
            <button type="button" onClick={reset}>
              Another
            </button>
          </>
        )}
      </Form>,
    );
    const input = screen.getByLabelText('Image file');
    expect(input).toHaveAccessibleDescription('A tarball');
    await userEvent.upload(input, new File(['x'], 'busybox.tar.gz'));
    expect(input).toHaveAccessibleDescription('Selected: busybox.tar.gz');
    await userEvent.click(screen.getByRole('button', { name: 'Another' }));
    expect(input).toHaveValue('');
    expect(input).toHaveAccessibleDescription('A tarball');
  });

  it('picks one choice among radio buttons in a named group', async () => {
    render(
      <Form values={{ format: 'unified' }}>
        {() => (
          <RadioInput
            name="format"
            legend="Image format"
            options={[
              { value: 'unified', label: 'Unified' },
              { value: 'split', label: 'Split' },
            ]}
          />
        )}
      </Form>,
    );
    expect(screen.getByRole('group', { name: 'Image format' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Unified' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Split' }));
    expect(screen.getByRole('radio', { name: 'Split' })).toBeChecked();
    expect(screen.getByRole('status', { name: 'Values' })).toHaveTextContent('"format":"split"');
  });
});
