/**
 * Reads the validity period of a PEM certificate (RFC 5280 §4.1), without a crypto library: the
 * DER walk down to `tbsCertificate.validity` is a few lines, where node-forge would add about
 * 100 KB to the screen that lists certificates.
 */

export interface CertificateValidity {
  notBefore: Date;
  notAfter: Date;
}

interface Element {
  tag: number;
  /** Offset of the first content byte. */
  start: number;
  /** Offset just past the last content byte. */
  end: number;
}

/** The DER element (tag, length, content) starting at `offset`, or undefined when malformed. */
function readElement(bytes: Uint8Array, offset: number, limit: number): Element | undefined {
  if (offset + 2 > limit) return undefined;
  const tag = bytes[offset] ?? 0;
  let length = bytes[offset + 1] ?? 0;
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || start + count > limit) return undefined;
    length = 0;
    for (let index = 0; index < count; index += 1) {
      length = length * 256 + (bytes[start + index] ?? 0);
    }
    start += count;
  }
  const end = start + length;
  return end > limit ? undefined : { tag, start, end };
}

/** The children of a constructed element, in order. */
function children(bytes: Uint8Array, parent: Element): Element[] {
  const list: Element[] = [];
  let offset = parent.start;
  while (offset < parent.end) {
    const child = readElement(bytes, offset, parent.end);
    if (!child) return list;
    list.push(child);
    offset = child.end;
  }
  return list;
}

const SEQUENCE = 0x30;
const VERSION = 0xa0;
const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;

/** UTCTime (YYMMDDHHMM[SS]Z, years 1950–2049) or GeneralizedTime (YYYYMMDDHHMMSS[.f]Z). */
function readTime(bytes: Uint8Array, element: Element): Date | undefined {
  const text = String.fromCharCode(...bytes.subarray(element.start, element.end));
  let match: RegExpExecArray | null;
  let year: number;
  if (element.tag === UTC_TIME) {
    match = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(text);
    if (!match) return undefined;
    const short = Number(match[1]);
    year = short >= 50 ? 1900 + short : 2000 + short;
  } else if (element.tag === GENERALIZED_TIME) {
    match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(text);
    if (!match) return undefined;
    year = Number(match[1]);
  } else {
    return undefined;
  }
  const [, , month, day, hour, minute, second] = match;
  const date = new Date(
    Date.UTC(
      year,
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second ?? 0),
    ),
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The DER bytes of the first certificate in a PEM text. */
function pemBytes(pem: string): Uint8Array | undefined {
  const match = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(pem);
  if (!match?.[1]) return undefined;
  try {
    return Uint8Array.from(atob(match[1].replace(/\s+/g, '')), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** notBefore and notAfter of a PEM certificate, or undefined when it cannot be read. */
export function certificateValidity(pem: string): CertificateValidity | undefined {
  const bytes = pemBytes(pem);
  if (!bytes) return undefined;
  const certificate = readElement(bytes, 0, bytes.length);
  if (certificate?.tag !== SEQUENCE) return undefined;
  const tbs = children(bytes, certificate)[0];
  if (tbs?.tag !== SEQUENCE) return undefined;
  const fields = children(bytes, tbs);
  // version [0] is optional (v1 certificates leave it out); then serial, signature, issuer.
  const validity = fields[fields[0]?.tag === VERSION ? 4 : 3];
  if (validity?.tag !== SEQUENCE) return undefined;
  const [notBefore, notAfter] = children(bytes, validity).map((time) => readTime(bytes, time));
  return notBefore && notAfter ? { notBefore, notAfter } : undefined;
}
