import { useId } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import type { ConfigFormValues } from '../../../shared/config-form';
import './profiles-field.scss';

/** Profiles in the order LXD applies them (later ones override earlier ones). */
export function ProfilesField({
  form,
  available,
  loading,
}: {
  form: UseFormReturn<ConfigFormValues>;
  available: readonly string[];
  loading: boolean;
}) {
  const { field } = useController({ control: form.control, name: 'profiles' });
  const selected = field.value;
  const addId = useId();
  const helpId = useId();
  const remaining = available.filter((name) => !selected.includes(name));
  const set = (next: string[]) => field.onChange(next);
  const move = (index: number, by: number) => {
    const next = [...selected];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    set(next);
  };

  return (
    <fieldset className="profiles-field">
      <legend>Profiles</legend>
      <p className="u-text--muted profiles-field__help" id={helpId}>
        Applied in this order: a later profile overrides what an earlier one sets.
      </p>
      {selected.length === 0 ? (
        <p className="u-text--muted">No profiles: the instance gets only its own configuration.</p>
      ) : (
        <ol
          className="profiles-field__list"
          aria-label="Selected profiles"
          aria-describedby={helpId}
        >
          {selected.map((name, index) => (
            <li key={name} className="profiles-field__item">
              <span className="profiles-field__name">{name}</span>
              {!available.includes(name) && !loading && (
                <span className="u-text--muted"> (not found in this project)</span>
              )}
              <span className="profiles-field__actions">
                <button
                  type="button"
                  className="p-button--base is-dense"
                  disabled={index === 0}
                  aria-label={`Move ${name} up`}
                  onClick={() => move(index, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="p-button--base is-dense"
                  disabled={index === selected.length - 1}
                  aria-label={`Move ${name} down`}
                  onClick={() => move(index, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="p-button--base is-dense"
                  aria-label={`Remove profile ${name}`}
                  onClick={() => set(selected.filter((item) => item !== name))}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <label htmlFor={addId}>Add a profile</label>
      <select
        id={addId}
        value=""
        disabled={remaining.length === 0}
        onChange={(event) => {
          if (event.target.value) set([...selected, event.target.value]);
        }}
      >
        <option value="">
          {loading
            ? 'Loading profiles…'
            : remaining.length
              ? 'Choose a profile'
              : 'No more profiles'}
        </option>
        {remaining.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
