import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from '../routing/router';
import type { ProjectAction } from '../permissions/rules';
import { usePermissions } from '../permissions/usePermissions';

/**
 * A button that is disabled while `reason` is set, with the reason as its title (and so its
 * accessible description): the way every control the identity may not use says why.
 */
export function GatedButton({
  reason,
  disabled,
  title,
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & {
  /** Why the button may not be used (no permission, wrong state), or undefined. */
  reason: string | undefined;
}) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled === true || reason !== undefined}
      title={reason ?? title}
    />
  );
}

/** A link styled as a button, or the same text as a disabled button saying why. */
export function GatedLink({
  to,
  reason,
  className,
  children,
  onClick,
  label,
}: {
  to: string;
  reason: string | undefined;
  className: string;
  children: ReactNode;
  onClick?: () => void;
  /** An accessible name that says more than the visible text (it must contain it). */
  label?: string;
}) {
  return reason === undefined ? (
    <Link className={className} to={to} onClick={onClick} aria-label={label}>
      {children}
    </Link>
  ) : (
    <GatedButton className={className} reason={reason} aria-label={label}>
      {children}
    </GatedButton>
  );
}

/** A list page's "Create …" link, disabled with the reason without the project's entitlement. */
export function CreateLink({
  project,
  action,
  to,
  children,
}: {
  project: string;
  action: ProjectAction;
  to: string;
  children: ReactNode;
}) {
  const reason = usePermissions().inProject(project, action);
  return (
    <GatedLink className="p-button--positive" to={to} reason={reason}>
      {children}
    </GatedLink>
  );
}

/**
 * The submit button of a create or edit form: disabled while the form is sent, while an edit
 * has no changes, or, with the reason, when the identity may not send it (spec §6).
 */
export function FormSubmitButton({
  mode,
  busy,
  dirty,
  reason,
  disabled = false,
  children,
}: {
  mode: 'create' | 'edit';
  busy: boolean;
  dirty: boolean;
  reason: string | undefined;
  /** Nothing can be sent yet (a choice the form needs has no options). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <GatedButton
      type="submit"
      className="p-button--positive"
      disabled={disabled || busy || (mode === 'edit' && !dirty)}
      reason={reason}
      aria-busy={busy}
    >
      {busy ? `${mode === 'create' ? 'Creating' : 'Saving'}…` : children}
    </GatedButton>
  );
}
