/**
 * The frame of a sectioned form (instances and profiles, networks, volumes): the section list on
 * the left (a "!" on sections with errors), the section's title and body on the right; and the
 * body of YAML mode with its parse error.
 */
import type { ReactNode } from 'react';
import { clsx } from '../ui/clsx';
import { YamlBody } from '../forms/ResourceForm';
import type { YamlError } from '../ui/yaml';
import './config-form.scss';

export function SectionsFrame<S extends string>({
  label,
  sections,
  section,
  onSelect,
  hasErrors,
  children,
}: {
  /** The group's name; the section list is "{label} sections". */
  label: string;
  sections: readonly { id: S; label: string }[];
  section: S;
  onSelect: (section: S) => void;
  hasErrors: (section: S) => boolean;
  children: ReactNode;
}) {
  return (
    <div className="config-form" role="group" aria-label={label}>
      <nav className="config-form__nav" aria-label={`${label} sections`}>
        <ul className="config-form__sections">
          {sections.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={clsx('config-form__section-link', item.id === section && 'is-active')}
                aria-current={item.id === section ? 'page' : undefined}
                onClick={() => onSelect(item.id)}
              >
                {item.label}
                {hasErrors(item.id) && (
                  <span className="config-form__error-mark" aria-label="has errors" role="img">
                    !
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="config-form__body">
        <h2 className="p-heading--5 config-form__title">
          {(sections.find((item) => item.id === section) ?? sections[0])?.label}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** YAML mode's body: what the YAML holds, the editor, and the error with its line. */
export function YamlSection({
  help,
  yaml,
  readOnly,
}: {
  help: ReactNode;
  yaml: { text: string; setText: (text: string) => void; error: YamlError | undefined };
  readOnly?: boolean | undefined;
}) {
  return <YamlBody help={help} yaml={yaml} readOnly={readOnly} />;
}
