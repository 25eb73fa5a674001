import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LxdApiError } from '../../lxd/client';
import { toYaml } from '../ui/yaml/parse';
import type { Problems } from './problems';
import { FormActions, FormFailure, ResourceForm } from './ResourceForm';
import { TextInput } from './fields';
import type { NameLookup } from './useNameCheck';
import { useResourceForm, type ResourceFormOptions } from './useResourceForm';

type Section = 'main' | 'limits' | 'yaml';

interface Values {
  name: string;
  config: { limits_cpu: string };
}

const EMPTY: Values = { name: '', config: { limits_cpu: '' } };

const NAME_REQUIRED = 'Name is required';
const CPU_NUMBER = 'Enter a whole number';

const rules = (values: Values): Problems => ({
  name: values.name.trim() === '' ? NAME_REQUIRED : undefined,
  'config.limits_cpu': /^\d*$/.test(values.config.limits_cpu) ? undefined : CPU_NUMBER,
});

const YAML = {
  toObject: (values: Values) => ({
    name: values.name,
    config: { 'limits.cpu': values.config.limits_cpu },
  }),
  fromObject: (value: unknown): Values => {
    const object = value as { name?: unknown; config?: Record<string, unknown> };
    if (typeof object.name !== 'string') throw new Error('name must be text');
    const cpu = object.config?.['limits.cpu'];
    return {
      name: object.name,
      config: { limits_cpu: typeof cpu === 'string' || typeof cpu === 'number' ? String(cpu) : '' },
    };
  },
};

type Options = Partial<ResourceFormOptions<Values, Section>>;

/** A sectioned form on the kit: name in main, CPU in limits, YAML mode as a plain text box. */
function Harness({ options }: { options: Options }) {
  const kit = useResourceForm<Values, Section>({
    defaultValues: EMPTY,
    validate: rules,
    yaml: YAML,
    sections: {
      initial: 'main',
      of: (path) => (path.startsWith('config.') ? 'limits' : 'main'),
    },
    onSubmit: () => undefined,
    ...options,
  });
  return (
    <ResourceForm kit={kit} label="Test form">
      <nav aria-label="Sections">
        {(['main', 'limits', 'yaml'] as const).map((section) => (
          <button
            key={section}
            type="button"
            aria-current={kit.section === section ? 'page' : undefined}
            onClick={() => kit.selectSection(section)}
          >
            {section}
            {kit.hasErrors(section) ? ' (has errors)' : ''}
          </button>
        ))}
      </nav>
      {kit.section === 'main' && <TextInput name="name" label="Name" />}
      {kit.section === 'limits' && <TextInput name="config.limits_cpu" label="CPU" />}
      {kit.section === 'yaml' && (
        <>
          <textarea
            aria-label="YAML"
            value={kit.yaml.text}
            onChange={(event) => {
              kit.yaml.setText(event.target.value);
            }}
          />
          {kit.yaml.error && <p role="alert">{kit.yaml.error.message}</p>}
        </>
      )}
      <output aria-label="Current">{JSON.stringify(kit.current ?? null)}</output>
      <FormFailure failure={kit.failure} what="thing" />
      <FormActions kit={kit} mode="edit" submitLabel="Save" />
    </ResourceForm>
  );
}

const renderForm = (options: Options = {}) => render(<Harness options={options} />);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const section = (name: string) =>
  userEvent.click(
    within(screen.getByRole('navigation')).getByRole('button', { name: new RegExp(`^${name}`) }),
  );

describe('useResourceForm', () => {
  it('shows a rule once the field changed, and every rule once the form was sent', async () => {
    renderForm({ defaultValues: { name: 'web', config: { limits_cpu: '' } } });
    const name = screen.getByLabelText('Name');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.clear(name);
    expect(screen.getByRole('alert')).toHaveTextContent(NAME_REQUIRED);
    expect(name).toHaveAccessibleDescription(NAME_REQUIRED);
    await userEvent.type(name, 'web2');
    expect(screen.queryByRole('alert')).toBeNull();

    // A field never touched shows its problem only once the form is sent.
    await section('limits');
    await userEvent.type(screen.getByLabelText('CPU'), 'x');
    await section('main');
    await userEvent.clear(screen.getByLabelText('Name'));
    await section('limits');
    expect(screen.getByRole('alert')).toHaveTextContent(CPU_NUMBER);
    expect(screen.getByRole('button', { name: 'main (has errors)' })).toBeInTheDocument();
  });

  it('hides the rules of untouched fields until sent, then moves to the first problem and focuses it', async () => {
    const onSubmit = vi.fn();
    renderForm({
      onSubmit,
      sections: {
        initial: 'limits',
        of: (path) => (path.startsWith('config.') ? 'limits' : 'main'),
      },
    });
    await userEvent.type(screen.getByLabelText('CPU'), '2');
    expect(screen.queryByRole('alert')).toBeNull();
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'main (has errors)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(NAME_REQUIRED);
    await waitFor(() => {
      expect(screen.getByLabelText('Name')).toHaveFocus();
    });
    await userEvent.type(screen.getByLabelText('Name'), 'web');
    await save();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'web', config: { limits_cpu: '2' } });
  });

  it('shows the rules once a field was left in onTouched mode', async () => {
    renderForm({ mode: 'onTouched', defaultValues: { name: 'web', config: { limits_cpu: '' } } });
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(NAME_REQUIRED);
  });

  it('keeps YAML mode with the parse error and its line', async () => {
    renderForm({ defaultValues: { name: 'web', config: { limits_cpu: '2' } } });
    await section('yaml');
    const text = screen.getByRole('textbox', { name: 'YAML' });
    expect(text).toHaveValue(toYaml({ name: 'web', config: { 'limits.cpu': '2' } }));
    await userEvent.clear(text);
    await userEvent.type(text, 'name: [[web');
    await section('main');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Line \d+, column \d+:/);
    expect(screen.getByRole('button', { name: 'yaml' })).toHaveAttribute('aria-current', 'page');
    // A structure the form cannot take says why, too.
    await userEvent.clear(text);
    await userEvent.type(text, 'name: 3');
    await section('main');
    expect(screen.getByRole('alert')).toHaveTextContent('name must be text');
    // Valid text goes back into the fields.
    await userEvent.clear(text);
    await userEvent.type(text, 'name: db');
    await section('main');
    expect(screen.getByLabelText('Name')).toHaveValue('db');
  });

  it('shows a rule the YAML breaks under the editor, by its path', async () => {
    const onSubmit = vi.fn();
    renderForm({ onSubmit, defaultValues: { name: 'web', config: { limits_cpu: '2' } } });
    await section('yaml');
    const text = screen.getByRole('textbox', { name: 'YAML' });
    await userEvent.clear(text);
    await userEvent.type(text, 'name: web{enter}config:{enter}  limits.cpu: x');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent(`config.limits_cpu: ${CPU_NUMBER}`);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a YAML problem as the form words it, and checks only the YAML rules', async () => {
    const onSubmit = vi.fn();
    renderForm({
      onSubmit,
      yaml: {
        ...YAML,
        problem: (path, message) =>
          `${path.replace('config.limits_cpu', 'limits.cpu')}: ${message}`,
      },
      defaultValues: { name: 'web', config: { limits_cpu: '2' } },
    });
    await section('yaml');
    const text = screen.getByRole('textbox', { name: 'YAML' });
    await userEvent.clear(text);
    await userEvent.type(text, "name: ''{enter}config:{enter}  limits.cpu: x");
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent(`name: ${NAME_REQUIRED}`);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('leaves rules of YAML mode to yaml.validate when given', async () => {
    const onSubmit = vi.fn();
    renderForm({
      onSubmit,
      yaml: { ...YAML, validate: (values) => ({ name: rules(values).name }) },
      defaultValues: { name: 'web', config: { limits_cpu: '2' } },
    });
    await section('yaml');
    const text = screen.getByRole('textbox', { name: 'YAML' });
    await userEvent.clear(text);
    await userEvent.type(text, 'name: web{enter}config:{enter}  limits.cpu: x');
    await save();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'web', config: { limits_cpu: 'x' } });
  });

  it('reads YAML mode back while typing (current), unless told not to', async () => {
    const fromObject = vi.fn(YAML.fromObject);
    const { unmount } = renderForm({
      yaml: { ...YAML, fromObject },
      defaultValues: { name: 'web', config: { limits_cpu: '' } },
    });
    await section('yaml');
    const text = screen.getByRole('textbox', { name: 'YAML' });
    await userEvent.clear(text);
    await userEvent.type(text, 'name: db');
    expect(screen.getByRole('status', { name: 'Current' })).toHaveTextContent('"name":"db"');
    unmount();

    fromObject.mockClear();
    renderForm({ yaml: { ...YAML, fromObject, readWhileTyping: false } });
    await section('yaml');
    await userEvent.type(screen.getByRole('textbox', { name: 'YAML' }), '{enter}name: db');
    expect(fromObject).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'Current' })).toHaveTextContent('null');
    // It counts as changed meanwhile.
    expect(screen.getByRole('button', { name: 'Revert changes' })).toBeInTheDocument();
  });

  it('checks the name with the server once typing pauses, and again on submit', async () => {
    const taken = new Set(['taken']);
    const lookup = vi.fn<NameLookup>((name) => Promise.resolve(taken.has(name)));
    const onSubmit = vi.fn();
    renderForm({
      onSubmit,
      nameCheck: { field: 'name', lookup, message: 'A thing with this name already exists' },
    });
    await userEvent.type(screen.getByLabelText('Name'), 'taken');
    // One lookup, for the name as it was when typing paused.
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('A thing with this name already exists');
    });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0]?.[0]).toBe('taken');

    // Taken meanwhile: the submit asks again and refuses.
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'fresh');
    taken.add('fresh');
    await save();
    expect(lookup).toHaveBeenLastCalledWith('fresh', expect.any(AbortSignal), undefined);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('A thing with this name already exists');
  });

  it('is dirty while the values differ, and Revert goes back to them', async () => {
    const onDirtyChange = vi.fn();
    renderForm({ onDirtyChange, defaultValues: { name: 'web', config: { limits_cpu: '' } } });
    const submit = screen.getByRole('button', { name: 'Save' });
    expect(submit).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Revert changes' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Name'), '2');
    expect(submit).toBeEnabled();
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Revert changes' }));
    expect(screen.getByLabelText('Name')).toHaveValue('web');
    expect(submit).toBeDisabled();
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    // Typing the same value again is no change.
    await userEvent.type(screen.getByLabelText('Name'), 'x{backspace}');
    expect(submit).toBeDisabled();
  });

  it('keeps the form as typed when sending fails, with the server’s message', async () => {
    let fail = true;
    const onSubmit = vi.fn(() =>
      fail ? Promise.reject(new Error('Invalid config')) : Promise.resolve(),
    );
    renderForm({ onSubmit, defaultValues: { name: 'web', config: { limits_cpu: '' } } });
    await userEvent.type(screen.getByLabelText('Name'), '2');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the thing');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid config');
    expect(screen.getByLabelText('Name')).toHaveValue('web2');
    fail = false;
    await save();
    await waitFor(() => {
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  it('says that someone else changed the object on 412', async () => {
    const onSubmit = () => Promise.reject(new LxdApiError("ETag doesn't match", 412));
    renderForm({ onSubmit, defaultValues: { name: 'web', config: { limits_cpu: '' } } });
    await userEvent.type(screen.getByLabelText('Name'), '2');
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this thing');
    expect(alert).toHaveTextContent(
      'The thing was changed after you opened it, so your changes were not saved.',
    );
  });

  it('stays busy until the submit settles', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    renderForm({ onSubmit, defaultValues: { name: 'web', config: { limits_cpu: '' } } });
    await userEvent.type(screen.getByLabelText('Name'), '2');
    await save();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('checks shown problems again when the data its rules read changes (dependencies)', async () => {
    function Names({ taken }: { taken: readonly string[] }) {
      const kit = useResourceForm<{ name: string }>({
        defaultValues: { name: '' },
        validate: ({ name }) => ({ name: taken.includes(name) ? 'Taken' : undefined }),
        dependencies: [taken],
        onSubmit: () => undefined,
      });
      return (
        <ResourceForm kit={kit}>
          <TextInput name="name" label="Name" />
        </ResourceForm>
      );
    }
    const { rerender } = render(<Names taken={[]} />);
    await userEvent.type(screen.getByLabelText('Name'), 'web');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Names taken={['web']} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Taken');
  });

  it('without rules, the rules its fields register apply (no resolver)', async () => {
    function Registered() {
      const kit = useResourceForm<{ name: string }>({
        defaultValues: { name: '' },
        mode: 'onTouched',
        onSubmit: () => undefined,
      });
      const error = kit.form.formState.errors.name?.message;
      return (
        <ResourceForm kit={kit}>
          <label htmlFor="n">Name</label>
          <input
            id="n"
            {...kit.form.register('name', { validate: (v) => (v ? true : 'Needed') })}
          />
          {error && <p role="alert">{error}</p>}
          <button type="submit">Send</button>
        </ResourceForm>
      );
    }
    render(<Registered />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Needed');
  });

  it('starts over from new values with reset', async () => {
    function Resettable() {
      const kit = useResourceForm<{ name: string }>({
        defaultValues: { name: 'a' },
        onSubmit: () => undefined,
      });
      return (
        <ResourceForm kit={kit}>
          <TextInput name="name" label="Name" />
          <button type="button" onClick={() => kit.reset({ name: 'b' })}>
            Reload
          </button>
          <FormActions kit={kit} mode="edit" submitLabel="Save" />
        </ResourceForm>
      );
    }
    render(<Resettable />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(screen.getByLabelText('Name')).toHaveValue('b');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), 'c');
    await userEvent.click(screen.getByRole('button', { name: 'Revert changes' }));
    expect(screen.getByLabelText('Name')).toHaveValue('b');
  });
});
