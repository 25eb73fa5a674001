import type { ReactNode } from 'react';
import { controlProps, FieldShell } from '../forms/FieldShell';

/**
 * A labelled field of a device card (the form kit's FieldShell): its control, drawn by the
 * caller with the attributes that tie it to its label and message, and its message or help.
 */
export function DeviceField({
  label,
  error,
  help,
  children,
  id,
}: {
  label: string;
  error?: string | undefined;
  help?: string | undefined;
  id: string;
  children: (props: ReturnType<typeof controlProps>) => ReactNode;
}) {
  return (
    <FieldShell id={id} label={label} error={error} help={help} className="device-field">
      {children(controlProps(id, error, help))}
    </FieldShell>
  );
}
