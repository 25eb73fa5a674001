/**
 * The Activity page's filters: typed here, applied to the address with "Apply filters" (each
 * checked first, its problem next to its field), cleared with "Clear filters".
 */
import { useId, useState, type SyntheticEvent } from 'react';
import { controlProps, FieldShell } from '../../../shared/forms/FieldShell';
import { TextField } from '../../../shared/ui/TextField';
import type { ConsoleRemote } from '../../remotes';
import { RESOURCE_TYPES, resourceTypeLabel, type ActivityFilter, type FilterParam } from '../api';
import {
  FILTER_LABELS,
  TIME_HELP,
  filterProblems,
  hasProblems,
  parseFilterTime,
  type FilterProblems,
} from '../filters';
import { formatActivityTime } from '../model';

const TEXT_FIELDS: readonly { param: FilterParam; help?: string }[] = [
  { param: 'user', help: "LXD's user or identity, or who was signed in to the console" },
  { param: 'action', help: 'A lifecycle action, such as instance-started' },
  { param: 'resource', help: 'An LXD path, such as /1.0/instances/c1, and what is below it' },
  { param: 'project' },
];

/** The fields in the order they are shown (the first with a problem takes the focus). */
const FIELD_ORDER: readonly FilterParam[] = [
  'user',
  'action',
  'type',
  'resource',
  'project',
  'remote',
  'since',
  'until',
];

/** The filters with their text trimmed and empty ones left out. */
function cleaned(draft: ActivityFilter): ActivityFilter {
  const filter: ActivityFilter = {};
  for (const [param, value] of Object.entries(draft) as [FilterParam, string | undefined][]) {
    const text = value?.trim();
    if (text) filter[param] = text;
  }
  return filter;
}

/** Under a time field: the time it reads as in the browser's zone, else how to write one. */
function timeHelp(value: string | undefined): string {
  const time = value ? parseFilterTime(value) : null;
  return time ? `${formatActivityTime(time.toISOString())} in your time zone` : TIME_HELP;
}

function SelectField({
  id,
  label,
  value,
  all,
  options,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  all: string;
  options: readonly { value: string; label: string }[];
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  // A value from the address that is not among the choices stays selected (and says why).
  const choices =
    value === '' || options.some((option) => option.value === value)
      ? options
      : [...options, { value, label: value }];
  return (
    <FieldShell id={id} label={label} error={error} className="activity-filters__field">
      <select
        {...controlProps(id, error, undefined)}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">{all}</option>
        {choices.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

const TYPE_OPTIONS = RESOURCE_TYPES.map((type) => ({
  value: type,
  label: resourceTypeLabel(type),
}));

export function ActivityFilters({
  filter,
  problems: shown,
  remotes,
  onApply,
}: {
  /** The filters in the address. */
  filter: ActivityFilter;
  /** Their problems (the server's refusal too), shown until the filters are sent again. */
  problems: FilterProblems;
  /** The console server's remotes (a Remote choice where there are any). */
  remotes: readonly ConsoleRemote[] | null | undefined;
  onApply: (filter: ActivityFilter) => void;
}) {
  const prefix = useId();
  const idOf = (param: FilterParam) => `${prefix}-${param}`;
  const [draft, setDraft] = useState<ActivityFilter>(filter);
  // Once sending was refused, the problems follow what is typed.
  const [refused, setRefused] = useState(false);
  const problems = refused ? filterProblems(cleaned(draft)) : shown;
  const set = (param: FilterParam) => (value: string) => {
    setDraft((previous) => ({ ...previous, [param]: value }));
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next = cleaned(draft);
    const found = filterProblems(next);
    if (hasProblems(found)) {
      setRefused(true);
      const first = FIELD_ORDER.find((param) => found[param]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setRefused(false);
    onApply(next);
  };

  const textField = ({ param, help }: { param: FilterParam; help?: string }) => (
    <TextField
      key={param}
      id={idOf(param)}
      label={FILTER_LABELS[param]}
      value={draft[param] ?? ''}
      onChange={set(param)}
      error={problems[param]}
      help={help}
      className="activity-filters__field"
    />
  );

  return (
    <form
      className="activity-filters"
      role="search"
      aria-label="Activity filters"
      noValidate
      onSubmit={submit}
    >
      <div className="activity-filters__fields">
        {TEXT_FIELDS.slice(0, 2).map(textField)}
        <SelectField
          id={idOf('type')}
          label={FILTER_LABELS.type}
          value={draft.type ?? ''}
          all="All types"
          options={TYPE_OPTIONS}
          error={problems.type}
          onChange={set('type')}
        />
        {TEXT_FIELDS.slice(2).map(textField)}
        {remotes && remotes.length > 0 ? (
          <SelectField
            id={idOf('remote')}
            label={FILTER_LABELS.remote}
            value={draft.remote ?? ''}
            all="All remotes"
            options={remotes.map((remote) => ({ value: remote.name, label: remote.name }))}
            error={problems.remote}
            onChange={set('remote')}
          />
        ) : (
          (draft.remote || problems.remote) && textField({ param: 'remote' })
        )}
        {textField({ param: 'since', help: timeHelp(draft.since) })}
        {textField({ param: 'until', help: timeHelp(draft.until) })}
      </div>
      <div className="activity-filters__actions">
        <button type="submit" className="p-button--positive">
          Apply filters
        </button>
        <button
          type="button"
          className="p-button--base"
          onClick={() => {
            setDraft({});
            setRefused(false);
            onApply({});
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
