/** Rules of the enable-clustering form. */
export const MEMBER_NAME_MESSAGES = {
  length: 'Member name must be between 1 and 63 characters',
  characters: 'Only alphanumeric, hyphen and dot characters are allowed',
  start: 'Member name must start with a letter or a digit',
} as const;

/** A cluster member name: a host name of 1 to 63 characters. */
export function validateMemberName(name: string): string | undefined {
  if (name.length < 1 || name.length > 63) return MEMBER_NAME_MESSAGES.length;
  if (!/^[A-Za-z0-9.-]+$/.test(name)) return MEMBER_NAME_MESSAGES.characters;
  if (!/^[A-Za-z0-9]/.test(name)) return MEMBER_NAME_MESSAGES.start;
  return undefined;
}

/** Wildcard addresses cannot be announced to other members. */
export function isWildcardAddress(address: string): boolean {
  const host = address.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return host === '' || host === '0.0.0.0' || host === '::';
}
