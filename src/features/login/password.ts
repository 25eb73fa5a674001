export const PASSWORD_MISMATCH = 'The passwords do not match. Type the same password twice.';

/** The message for the confirmation field, or undefined when the two entries agree. */
export function passwordMismatch(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORD_MISMATCH;
}
