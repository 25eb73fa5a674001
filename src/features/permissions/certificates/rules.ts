/**
 * The certificates view of servers without access management (LXD 5.0, Incus): what a row
 * shows, how the list is searched and filtered, what the forms check, and the texts.
 */
import type { LxdCertificate } from '../../../lxd/types/certificate';
import { certificateValidity } from '../../../lxd/x509';
import type { ListFilter } from '../../../shared/ui/list';

export const CERTIFICATE_MESSAGES = {
  // LXD lets only unrestricted clients change the trust store (a restricted one may list it).
  noCreate: 'Your certificate is restricted: only an unrestricted client can create trust tokens',
  noEdit: 'Your certificate is restricted: only an unrestricted client can edit certificates',
  noRevoke: 'Your certificate is restricted: only an unrestricted client can revoke certificates',
  noRevokeToken: 'Your certificate is restricted: only an unrestricted client can revoke tokens',
  readOnly:
    'Your certificate is restricted to some projects: you can see which clients this server trusts, but not change them.',
  nameRequired: 'Enter a name',
  projectsRequired: 'Choose at least one project, or clear Restricted',
  ownRevoke:
    'This is the certificate this console signs in with. Once it is revoked you lose access to this server and return to the login page.',
  ownRestrict:
    'This is the certificate this console signs in with: restricting it limits what you can do here.',
  unknownOwn:
    'If this is the certificate this console signs in with, you lose access to this server.',
  conflict: 'certificate',
} as const;

export const SHORT_FINGERPRINT_LENGTH = 12;

export function shortFingerprint(fingerprint: string): string {
  return fingerprint.slice(0, SHORT_FINGERPRINT_LENGTH);
}

/** What a restricted certificate may reach: its projects, "None" when it has none, or "All". */
export function projectsText(certificate: Pick<LxdCertificate, 'restricted' | 'projects'>): string {
  if (!certificate.restricted) return 'All projects';
  const projects = certificate.projects ?? [];
  return projects.length > 0 ? projects.join(', ') : 'None';
}

const expiries = new WeakMap<LxdCertificate, Date | null>();

/** notAfter of the certificate (cached per row object), or undefined when unreadable. */
export function certificateExpiry(certificate: LxdCertificate): Date | undefined {
  let expiry = expiries.get(certificate);
  if (expiry === undefined) {
    expiry = certificateValidity(certificate.certificate)?.notAfter ?? null;
    expiries.set(certificate, expiry);
  }
  return expiry ?? undefined;
}

export function isExpired(date: Date | undefined, now: number = Date.now()): boolean {
  return date !== undefined && date.getTime() <= now;
}

/** Search: the name, the fingerprint (from its start), the type or a project, case-insensitive. */
export function matchCertificate(term: string): (certificate: LxdCertificate) => boolean {
  const needle = term.trim().toLowerCase();
  return (certificate) =>
    certificate.name.toLowerCase().includes(needle) ||
    certificate.fingerprint.toLowerCase().startsWith(needle) ||
    certificate.type.toLowerCase() === needle ||
    (certificate.projects ?? []).some((project) => project.toLowerCase().includes(needle));
}

export const CERTIFICATE_FILTERS: readonly ListFilter<LxdCertificate>[] = [
  {
    param: 'type',
    label: 'Type',
    options: [
      { value: 'client', label: 'Client' },
      { value: 'server', label: 'Server' },
      { value: 'metrics', label: 'Metrics' },
    ],
    match: (certificate, value) => certificate.type === value,
  },
  {
    param: 'restricted',
    label: 'Restricted',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
    match: (certificate, value) => certificate.restricted === (value === 'yes'),
  },
];

/** The fields of the token and edit forms. */
export interface AccessValues {
  name: string;
  restricted: boolean;
  projects: string[];
}

/** The message for each field that is wrong (none: the values can be sent). */
export function accessErrors(values: AccessValues): Partial<Record<keyof AccessValues, string>> {
  const errors: Partial<Record<keyof AccessValues, string>> = {};
  if (!values.name.trim()) errors.name = CERTIFICATE_MESSAGES.nameRequired;
  if (values.restricted && values.projects.length === 0) {
    errors.projects = CERTIFICATE_MESSAGES.projectsRequired;
  }
  return errors;
}

/** The project choices: every project the console knows, plus any the certificate still names. */
export function projectChoices(known: readonly string[], current: readonly string[]): string[] {
  return [...new Set([...known, ...current])].sort((a, b) => a.localeCompare(b));
}

/** The remote name suggested in `lxc remote add <remote> <token>`: the server's name. */
export function remoteName(serverName: string | undefined): string {
  const cleaned = (serverName ?? '').toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return cleaned.replace(/^-+|-+$/g, '') || 'lxd';
}
