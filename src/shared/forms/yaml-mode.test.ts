import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toYaml } from '../ui/yaml/parse';
import { readYamlText, useYamlSections } from './yaml-mode';

type Section = 'main' | 'yaml';
interface Values {
  name: string;
}

const fromObject = (value: unknown): Values => {
  const name = (value as { name?: unknown }).name;
  if (typeof name !== 'string') throw new Error('name must be text');
  return { name };
};

function setup(section?: Section) {
  let values: Values = { name: 'a' };
  let outside: Section | undefined = section;
  const hook = renderHook(
    ({ controlled }: { controlled: Section | undefined }) =>
      useYamlSections<Section, Values>({
        section: controlled,
        onSectionChange: (next) => {
          outside = next;
        },
        initialSection: 'main',
        values: () => values,
        apply: (next) => {
          values = next;
        },
        toText: (current) => toYaml(current),
        read: (text) => readYamlText(text, fromObject),
      }),
    { initialProps: { controlled: section } },
  );
  return { hook, values: () => values, outside: () => outside };
}

describe('YAML mode of a sectioned form', () => {
  it('shows the values as YAML and applies an edit when leaving', () => {
    const { hook, values } = setup();
    act(() => {
      hook.result.current.selectSection('yaml');
    });
    expect(hook.result.current.isYaml).toBe(true);
    expect(hook.result.current.yaml.text).toBe('name: a\n');
    act(() => {
      hook.result.current.yaml.setText('name: b\n');
    });
    expect(hook.result.current.currentValues()).toEqual({ name: 'b' });
    act(() => {
      hook.result.current.selectSection('main');
    });
    expect(hook.result.current.section).toBe('main');
    expect(values()).toEqual({ name: 'b' });
  });

  it('stays in YAML mode with the error and its line when the text is invalid', () => {
    const { hook, values } = setup();
    act(() => {
      hook.result.current.selectSection('yaml');
    });
    act(() => {
      hook.result.current.yaml.setText('name: b\n  bad: [\n');
    });
    expect(hook.result.current.peekValues()).toBeUndefined();
    expect(hook.result.current.yaml.error).toBeUndefined();
    let moved = true;
    act(() => {
      moved = hook.result.current.selectSection('main');
    });
    expect(moved).toBe(false);
    expect(hook.result.current.section).toBe('yaml');
    expect(hook.result.current.yaml.error?.line).toBeGreaterThan(0);
    act(() => {
      hook.result.current.yaml.setText('name: 3\n');
    });
    let saved: Values | undefined = { name: 'x' };
    act(() => {
      saved = hook.result.current.currentValues();
    });
    expect(saved).toBeUndefined();
    expect(hook.result.current.yaml.error?.message).toBe('name must be text');
    expect(values()).toEqual({ name: 'a' });
  });

  it('goes back to YAML mode when the URL leaves it with invalid text', () => {
    const { hook, outside } = setup('yaml');
    act(() => {
      hook.result.current.yaml.setText('name: [\n');
    });
    hook.rerender({ controlled: 'main' });
    expect(outside()).toBe('yaml');
    expect(hook.result.current.yaml.error).toBeDefined();
  });
});
