import { describe, expect, it } from 'vitest';
import {
  parseSize,
  PROJECT_MESSAGES,
  splitSize,
  validateCount,
  validateProjectForm,
  validateProjectName,
  validateSize,
} from './validation';
import { parseYaml, toYaml } from '../../shared/ui/yaml';
import type { ProjectFormMode } from './form';
import { projectYamlObject, YAML_MESSAGES, yamlObjectToValues } from './yaml';

describe('project name', () => {
  it.each([
    ['', 'Project name is required'],
    ['a'.repeat(64), 'Project name must be between 1 and 63 characters'],
    ['a/b', 'Project names may not contain slashes'],
    ['a b', 'Project names may not contain spaces'],
    ['a_b', 'Project names may not contain underscores'],
    ["a'b", 'Project names may not contain quotes'],
    ['a"b', 'Project names may not contain quotes'],
    ['*', 'Reserved project name'],
    ['.', 'Project name cannot be "." or ".."'],
    ['..', 'Project name cannot be "." or ".."'],
  ])('%j → %s', (name, message) => {
    expect(validateProjectName(name)).toBe(message);
  });

  it('accepts LXD-valid names up to 63 characters', () => {
    expect(validateProjectName('a'.repeat(63))).toBeUndefined();
    expect(validateProjectName('team-1.dev')).toBeUndefined();
  });

  it('refuses a taken name but allows the current one', () => {
    expect(validateProjectName('web', ['default', 'web'])).toBe(
      'A project with this name already exists',
    );
    expect(validateProjectName('web', ['default', 'web'], 'web')).toBeUndefined();
  });
});

describe('limits', () => {
  it('counts are whole numbers up to 2^32-1', () => {
    expect(validateCount('')).toBeUndefined();
    expect(validateCount('0')).toBeUndefined();
    expect(validateCount('4294967295')).toBeUndefined();
    expect(validateCount('4294967296')).toBe('Enter a number up to 4294967295');
    expect(validateCount('-1')).toBe('Enter a whole number of 0 or more');
    expect(validateCount('1.5')).toBe(PROJECT_MESSAGES.count);
  });

  it('sizes are a whole number with an optional unit', () => {
    expect(validateSize('10GiB')).toBeUndefined();
    expect(validateSize('512 MB')).toBeUndefined();
    expect(validateSize('1024')).toBeUndefined();
    expect(validateSize('1.5GiB')).toBe(
      'Enter a whole number with an optional unit, such as 512MiB or 10GiB',
    );
    expect(validateSize('ten')).toBe(PROJECT_MESSAGES.size);
    expect(parseSize('10GiB')).toEqual({ amount: '10', unit: 'GiB' });
    expect(parseSize('2048')).toEqual({ amount: '2048', unit: 'B' });
  });

  it('splits sizes for the amount box and unit, also while typing', () => {
    expect(splitSize('')).toEqual({ amount: '', unit: 'GiB' });
    expect(splitSize('5MiB')).toEqual({ amount: '5', unit: 'MiB' });
    expect(splitSize('1.5GiB')).toEqual({ amount: '1.5', unit: 'GiB' });
    expect(splitSize('abcTB')).toEqual({ amount: 'abc', unit: 'TB' });
  });
});

describe('the whole form', () => {
  const base = { name: 'p1', description: '', config: {} };
  const options = { mode: 'create' as const, existing: ['default'], extensions: [] };

  it('is valid with defaults', () => {
    expect(validateProjectForm(base, options)).toEqual({});
  });

  it('keys errors by field', () => {
    expect(
      validateProjectForm(
        {
          name: 'default',
          description: '',
          config: { 'limits.cpu': 'x', 'limits.memory': '1.5G' },
        },
        options,
      ),
    ).toEqual({
      name: PROJECT_MESSAGES.nameExists,
      'limits.cpu': PROJECT_MESSAGES.count,
      'limits.memory': PROJECT_MESSAGES.size,
    });
  });

  it('does not check the name in edit mode', () => {
    expect(validateProjectForm({ ...base, name: 'a b' }, { ...options, mode: 'edit' })).toEqual({});
  });

  it('a restricted project needs its own profiles', () => {
    expect(
      validateProjectForm(
        { ...base, config: { restricted: 'true', 'features.profiles': 'false' } },
        options,
      ),
    ).toEqual({
      restricted: 'A restricted project needs its own profiles: turn on the Profiles feature',
    });
  });
});

describe('YAML mode', () => {
  const values = {
    name: 'p1',
    description: 'Team',
    config: { 'limits.cpu': '4', restricted: 'true' },
  };
  // The text as YAML mode shows it, and its values as YAML mode reads them back.
  const valuesToYaml = (v: typeof values, mode: ProjectFormMode) =>
    toYaml(projectYamlObject(v, mode));
  const yamlToValues = (text: string, previous: typeof values, mode: ProjectFormMode) => {
    const parsed = parseYaml(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return yamlObjectToValues(parsed.value ?? {}, previous, mode);
  };

  it('round-trips create values with the name', () => {
    const text = valuesToYaml(values, 'create');
    expect(text).toContain('name: p1');
    expect(yamlToValues(text, values, 'create')).toEqual({ ok: true, values });
  });

  it('leaves the name out in edit mode and refuses a rename', () => {
    const text = valuesToYaml(values, 'edit');
    expect(text).not.toContain('name:');
    expect(yamlToValues(text, values, 'edit')).toEqual({ ok: true, values });
    expect(yamlToValues('name: other\nconfig: {}', values, 'edit')).toEqual({
      ok: false,
      error: YAML_MESSAGES.renameInYaml,
    });
  });

  it('turns numbers and booleans into strings', () => {
    const result = yamlToValues(
      'config:\n  limits.cpu: 4\n  restricted: true\n  user.x: null',
      values,
      'edit',
    );
    expect(result).toEqual({
      ok: true,
      values: { name: 'p1', description: '', config: { 'limits.cpu': '4', restricted: 'true' } },
    });
  });

  it('refuses other shapes with a message', () => {
    expect(yamlToValues('- a', values, 'edit')).toEqual({
      ok: false,
      error: YAML_MESSAGES.notMapping,
    });
    expect(yamlToValues('config: [1]', values, 'edit')).toEqual({
      ok: false,
      error: 'config must be a mapping of keys to values',
    });
    expect(yamlToValues('config:\n  a: [1]', values, 'edit')).toEqual({
      ok: false,
      error: 'config value of a must be text, a number or true/false',
    });
  });
});
