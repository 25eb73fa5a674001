/**
 * The one form hook of the console: react-hook-form for the values, touched fields and the
 * submitted state; the feature's rules as its resolver (a field shows its problem once changed
 * or left, and every field once the form was sent, and the first invalid field takes the focus, in its section);
 * YAML mode for the whole object (its parse errors with their line); the debounced name-taken
 * check of create forms, asked again on submit; whether the values differ from what the form
 * was opened with (Revert); and the failure of an asynchronous submit, with the form kept as
 * typed. Pages that edit an object with an ETag add `useVersionedEdit` for If-Match and 412.
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { toYaml } from '../ui/yaml/parse';
import {
  errorPaths,
  firstProblem,
  markedPaths,
  problemsResolver,
  sameValues,
  type Problems,
} from './problems';
import type { FormView, ResourceFormKit, ResourceFormOptions } from './resource-form-types';
import { isNameTaken, useNameCheck, type NameLookup } from './useNameCheck';
import { readYamlText, useYamlSections } from './yaml-mode';

export { errorPaths } from './problems';
export type {
  FormView,
  NameCheckOptions,
  ResourceFormKit,
  ResourceFormOptions,
  SectionOptions,
  YamlOptions,
} from './resource-form-types';

const NO_LOOKUP: NameLookup = () => Promise.resolve(false);
const NO_DEPENDENCIES: readonly unknown[] = [];

export function useResourceForm<V extends FieldValues, S extends string = FormView>(
  options: ResourceFormOptions<V, S>,
): ResourceFormKit<V, S> {
  const [defaults, setDefaults] = useState(options.defaultValues);
  // Names the server said are taken: a problem of the name field like any other.
  const [takenNames, setTakenNames] = useState<ReadonlySet<string>>(new Set());
  const { nameCheck, validate } = options;
  const checking = nameCheck !== undefined && nameCheck.enabled !== false;

  // A taken name is remembered with its scope.
  const takenKey = (values: V, name: string) => `${nameCheck?.scope?.(values) ?? ''}\u0000${name}`;

  // A taken name is a problem of the name field like any other.
  const withNameProblem = (values: V, found: Problems | undefined): Problems => {
    const problems = { ...found };
    if (checking && !problems[nameCheck.field]) {
      const name = String(values[nameCheck.field] ?? '').trim();
      if (takenNames.has(takenKey(values, name))) problems[nameCheck.field] = nameCheck.message;
    }
    return problems;
  };
  const problemsOf = (values: V): Problems => withNameProblem(values, validate?.(values));

  // react-hook-form takes its options anew at every render: the resolver sees these rules.
  const form: UseFormReturn<V> = useForm<V>({
    defaultValues: defaults as DefaultValues<V>,
    // A field shows its problem once changed or left, and every field once the form was sent.
    mode: options.mode ?? 'all',
    resolver: !(validate !== undefined || checking)
      ? undefined
      : (values, context, resolverOptions) => {
          // react-hook-form checks a whole list of rows when a row is added or removed: then only
          // the fields of its rows already left show their problems (a new row is not wrong yet).
          const names = resolverOptions.names ?? [];
          // (Lists kept by one controller, KeyValueInput, check as typed: it is a field like others.)
          const [only] = names;
          const rows =
            names.length === 1 && only !== undefined && form.control._names.array.has(only)
              ? only
              : '';
          const shown = (path: string) =>
            rows === '' ||
            !path.startsWith(`${rows}.`) ||
            form.formState.isSubmitted ||
            form.getFieldState(path as Path<V>).isTouched;
          const check = (checked: V) =>
            Object.fromEntries(Object.entries(problemsOf(checked)).filter(([path]) => shown(path)));
          return problemsResolver(check)(values, context, resolverOptions);
        },
    shouldFocusError: false,
  });

  const yamlOptions = options.yaml;
  const yamlMode = useYamlSections<S, V>({
    section: options.sections?.current,
    onSectionChange: options.sections?.onChange,
    initialSection: options.sections?.initial ?? ('form' as S),
    values: () => form.getValues(),
    apply: (values) => {
      form.reset(values, { keepDefaultValues: true });
    },
    toText: (values) => toYaml(yamlOptions ? yamlOptions.toObject(values) : values),
    read: (text) =>
      readYamlText(text, (value) =>
        yamlOptions ? yamlOptions.fromObject(value, form.getValues()) : (value as V),
      ),
  });

  // The name check while typing, for a name that passes the format rules.
  const nameField = nameCheck?.field;
  const watchedName = useWatch({
    control: form.control,
    name: (nameField ?? '') as Path<V>,
    disabled: nameField === undefined,
  }) as unknown;
  const name = typeof watchedName === 'string' ? watchedName.trim() : '';
  const formatOk =
    checking && name !== '' && validate?.(form.getValues())[nameCheck.field] === undefined;
  // The lookup asks in the scope of the values now: a new scope asks again.
  const scope = nameCheck?.scope?.(form.getValues());
  const latestLookup = useRef(nameCheck?.lookup ?? NO_LOOKUP);
  useEffect(() => {
    latestLookup.current = nameCheck?.lookup ?? NO_LOOKUP;
  });
  // One lookup for the form's life: the feature's latest, asked with the scope.
  const [lookup] = useState(() => {
    const ask: NameLookup = (wanted, signal, where) => latestLookup.current(wanted, signal, where);
    return ask;
  });
  const takenNow = useNameCheck(name, formatOk, lookup, scope);
  const nameKey = takenKey(form.getValues(), name);
  if (takenNow === true && !takenNames.has(nameKey)) {
    setTakenNames(new Set(takenNames).add(nameKey));
  }
  // Show it at once where the field already shows its problems: once the name or its scope was
  // changed, or the field left, or the form sent. A change of scope checks the name again (it
  // may be free there), and clears what it said about the previous scope.
  const initialName: unknown = nameField && (defaults as Record<string, unknown>)[nameField];
  const typed =
    name !== (typeof initialName === 'string' ? initialName.trim() : '') ||
    scope !== nameCheck?.scope?.(defaults);
  const checkedScope = useRef(scope);
  useEffect(() => {
    const scopeChanged = checkedScope.current !== scope;
    checkedScope.current = scope;
    if (nameField === undefined || name === '') return;
    const state = form.getFieldState(nameField);
    const shown = typed || state.isTouched || form.formState.isSubmitted;
    if ((takenNames.has(nameKey) && shown) || (scopeChanged && (shown || state.invalid))) {
      void form.trigger(nameField);
    }
  }, [takenNames, nameKey, name, scope, nameField, typed, form]);

  // The fields that show their problems: every one once sent, else those left (and, unless
  // 'onTouched', those changed). Read during the render, so that the form state follows them.
  const { isSubmitted, touchedFields, dirtyFields } = form.formState;
  const shownKey = isSubmitted
    ? '*'
    : [
        ...new Set([
          ...markedPaths(touchedFields),
          ...(options.mode === 'onTouched' ? [] : markedPaths(dirtyFields)),
        ]),
      ].join('\n');

  // The rules read outside data: check again what is shown when it changes.
  const dependencies = options.dependencies ?? NO_DEPENDENCIES;
  const [checkedWith, setCheckedWith] = useState(dependencies);
  const [recheck, setRecheck] = useState(0);
  if (
    dependencies.length !== checkedWith.length ||
    dependencies.some((value, index) => !Object.is(value, checkedWith[index]))
  ) {
    setCheckedWith(dependencies);
    setRecheck(recheck + 1);
  }
  const rechecked = useRef(0);
  useEffect(() => {
    if (recheck === rechecked.current) return;
    rechecked.current = recheck;
    if (shownKey === '*') void form.trigger();
    else if (shownKey !== '') void form.trigger(shownKey.split('\n') as Path<V>[]);
  }, [recheck, form, shownKey]);

  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>();

  // The field to focus once its section is drawn (after the next commit, or a moment later).
  // Waits for the field's section to be the one shown: a render still on the previous section
  // (its problems being drawn) must not use the focus up.
  const pendingFocus = useRef<string>(undefined);
  const shownSection = useRef(yamlMode.section);
  useEffect(() => {
    shownSection.current = yamlMode.section;
  });
  const focusPending = () => {
    const path = pendingFocus.current;
    if (path === undefined) return;
    const of = options.sections?.of;
    if (of && of(path) !== shownSection.current) return;
    pendingFocus.current = undefined;
    form.setFocus(path as Path<V>);
  };
  useEffect(focusPending);
  const focusProblem = (path: string) => {
    const of = options.sections?.of;
    pendingFocus.current = path;
    if (of) yamlMode.selectSection(of(path));
    setTimeout(focusPending);
  };

  const yamlProblem = (path: string, message: string) =>
    yamlOptions?.problem?.(path, message) ?? `${path}: ${message}`;

  const send = async (values: V) => {
    if (checking) {
      const wanted = String(values[nameCheck.field] ?? '').trim();
      const lookup: NameLookup = (candidate, signal) =>
        nameCheck.lookup(candidate, signal, nameCheck.scope?.(values));
      if (await isNameTaken(lookup, wanted)) {
        setTakenNames((names) => new Set(names).add(takenKey(values, wanted)));
        if (yamlMode.isYaml) {
          yamlMode.showError({ message: yamlProblem(nameCheck.field, nameCheck.message) });
        } else {
          form.setError(nameCheck.field, { type: 'taken', message: nameCheck.message });
          focusProblem(nameCheck.field);
        }
        return;
      }
    }
    try {
      await options.onSubmit(values);
    } catch (error) {
      setFailure(error);
    }
  };

  // On submit a name known to be taken is asked again (it may have been freed since): once free,
  // the rules the submit checks (react-hook-form's resolver, drawn anew) no longer say it is.
  const forgetFreedName = async (values: V) => {
    if (!checking) return;
    const wanted = String(values[nameCheck.field] ?? '').trim();
    const key = takenKey(values, wanted);
    if (!takenNames.has(key)) return;
    const lookup: NameLookup = (candidate, signal) =>
      nameCheck.lookup(candidate, signal, nameCheck.scope?.(values));
    if (await isNameTaken(lookup, wanted)) return;
    flushSync(() => {
      setTakenNames((names) => new Set([...names].filter((name) => name !== key)));
    });
  };

  const submit = async (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    if (sending) return;
    setFailure(undefined);
    setSending(true);
    try {
      if (yamlMode.isYaml) {
        const values = yamlMode.currentValues();
        if (values === undefined) return;
        const yamlRules = yamlOptions?.validate;
        const problem = firstProblem(
          yamlRules ? withNameProblem(values, yamlRules(values)) : problemsOf(values),
        );
        if (problem) {
          yamlMode.showError({ message: yamlProblem(...problem) });
          return;
        }
        await send(values);
        return;
      }
      await forgetFreedName(form.getValues());
      await form.handleSubmit(
        (values) => send(values),
        (errors) => {
          const first = errorPaths(errors)[0];
          if (first !== undefined) focusProblem(first);
        },
      )();
    } finally {
      setSending(false);
    }
  };

  // Every value, so that the dirty state follows each keystroke.
  const watched = useWatch({ control: form.control }) as V;
  const readWhileTyping = yamlOptions?.readWhileTyping !== false;
  const current = !yamlMode.isYaml
    ? { ...defaults, ...watched }
    : readWhileTyping
      ? yamlMode.peekValues()
      : undefined;
  const isChanged = options.isChanged ?? ((a: V, b: V) => !sameValues(a, b));
  const dirty = current === undefined || isChanged(current, defaults);
  const { onDirtyChange } = options;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const shownPaths = errorPaths(form.formState.errors);
  const sectionOf = options.sections?.of;

  return {
    form,
    submit,
    busy: sending || options.busy === true,
    failure,
    clearFailure: () => {
      setFailure(undefined);
    },
    dirty,
    revert: () => {
      form.reset(defaults);
      yamlMode.clearYaml();
      setFailure(undefined);
    },
    reset: (values: V) => {
      setDefaults(values);
      form.reset(values);
      yamlMode.clearYaml();
      setFailure(undefined);
    },
    section: yamlMode.section,
    selectSection: yamlMode.selectSection,
    isYaml: yamlMode.isYaml,
    yaml: yamlMode.yaml,
    hasErrors: (section: S) =>
      sectionOf !== undefined && shownPaths.some((path) => sectionOf(path) === section),
    values: yamlMode.currentValues,
    current,
  };
}
