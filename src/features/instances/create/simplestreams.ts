/**
 * Remote image servers (simplestreams), read through the console server: the page's
 * Content-Security-Policy (connect-src 'self') lets the browser reach only its own origin, so
 * it asks `/console/simplestreams?url=…` (server/simplestreams.ts) for streams/v1/index.json and
 * the products file it names. When LXD serves the console there is no such endpoint (LXD answers
 * 404) and remote servers cannot be browsed; the picker says so. The LXD server downloads the
 * chosen image itself when the instance is created.
 */
import { DEFAULT_PRODUCT_NAME } from '../../../lxd/product';
import type { InstanceType } from '../../../lxd/types/instance';

export interface RemoteServer {
  name: string;
  /** The server's base URL, as LXD's `source.server` takes it. */
  url: string;
}

/** The servers `lxc remote list` starts with (and the LXD image server). */
export const DEFAULT_SERVERS: readonly RemoteServer[] = [
  { name: 'Ubuntu releases', url: 'https://cloud-images.ubuntu.com/releases' },
  { name: 'Ubuntu daily', url: 'https://cloud-images.ubuntu.com/daily' },
  { name: 'LinuxContainers', url: 'https://images.linuxcontainers.org' },
  { name: 'LXD images', url: 'https://images.lxd.canonical.com' },
];

export interface RemoteImage {
  alias: string;
  description: string;
  type: InstanceType;
  architecture: string;
  /** Distribution (simplestreams `os`). */
  os: string;
  release: string;
  variant: string;
}

/** simplestreams architecture names → LXD's. */
const ARCHITECTURES: Record<string, string> = {
  amd64: 'x86_64',
  arm64: 'aarch64',
  armhf: 'armv7l',
  i386: 'i686',
  ppc64el: 'ppc64le',
  riscv64: 'riscv64',
  s390x: 's390x',
};

interface Product {
  aliases?: string;
  arch?: string;
  os?: string;
  release_title?: string;
  release?: string;
  variant?: string;
  versions?: Record<string, { items?: Record<string, { ftype?: string }> }>;
}

/** The images of a simplestreams products file: one entry per product and instance type. */
export function parseSimplestreams(index: unknown): RemoteImage[] {
  const products = (index as { products?: Record<string, Product> } | null)?.products ?? {};
  const images: RemoteImage[] = [];
  for (const product of Object.values(products)) {
    const alias = product.aliases?.split(',')[0]?.trim();
    if (!alias) continue;
    const ftypes = new Set<string>();
    for (const version of Object.values(product.versions ?? {})) {
      for (const item of Object.values(version.items ?? {})) if (item.ftype) ftypes.add(item.ftype);
    }
    const architecture = ARCHITECTURES[product.arch ?? ''] ?? product.arch ?? '';
    const description = [product.os, product.release_title ?? product.release, product.variant]
      .filter(Boolean)
      .join(' ');
    const common = {
      alias,
      description,
      architecture,
      os: product.os ?? '',
      release: product.release ?? '',
      variant: product.variant ?? '',
    };
    if (ftypes.has('squashfs') || ftypes.has('root.tar.xz')) {
      images.push({ ...common, type: 'container' });
    }
    if (ftypes.has('disk-kvm.img')) {
      images.push({ ...common, type: 'virtual-machine' });
    }
  }
  return images.sort((a, b) => a.alias.localeCompare(b.alias));
}

/**
 * The products file the index (streams/v1/index.json) names for image downloads; servers such as
 * images.linuxcontainers.org call it images.json, Ubuntu's com.ubuntu.cloud:released:download.json.
 */
export function imagesPath(index: unknown): string {
  const entries = (index as { index?: Record<string, { datatype?: string; path?: string }> } | null)
    ?.index;
  for (const entry of Object.values(entries ?? {})) {
    if (entry.datatype === 'image-downloads' && entry.path) return entry.path;
  }
  return 'streams/v1/images.json';
}

export function notAnswering(server: RemoteServer, reason: string): string {
  return `${server.url} does not answer: ${reason}`;
}

/** The console server's endpoint that reads a remote simplestreams file for the browser. */
export const SIMPLESTREAMS_ENDPOINT = '/console/simplestreams';

/** Set by the console server on its answers: `upstream` (the image server's) or `console`. */
const CONSOLE_HEADER = 'X-Lxd-Console-Simplestreams';

/** Why remote image servers cannot be browsed without the console server, naming the product. */
export const needsConsoleServerMessage = (product: string) =>
  `Browsing remote image servers needs the console server: this console is served by ${product} itself, and its Content-Security-Policy lets the browser reach only the console's own address.`;

export const NEEDS_CONSOLE_SERVER = needsConsoleServerMessage(DEFAULT_PRODUCT_NAME);

/** No console server in front of this console (LXD serves it): remote servers cannot be read. */
export class ConsoleServerMissingError extends Error {
  override readonly name = 'ConsoleServerMissingError';
  constructor() {
    super(NEEDS_CONSOLE_SERVER);
  }
}

/** The `error` of an LXD-shaped error body, if the text is one. */
function lxdErrorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { type?: unknown; error?: unknown } | null;
    return body?.type === 'error' && typeof body.error === 'string' && body.error !== ''
      ? body.error
      : undefined;
  } catch {
    return undefined;
  }
}

async function getJson(server: RemoteServer, path: string, signal?: AbortSignal) {
  const url = `${server.url.replace(/\/+$/, '')}/${path}`;
  let response: Response;
  try {
    response = await fetch(`${SIMPLESTREAMS_ENDPOINT}?${new URLSearchParams({ url }).toString()}`, {
      headers: { Accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(notAnswering(server, `${reason} (the console server cannot be reached)`));
  }
  const from = response.headers.get(CONSOLE_HEADER);
  if (from === null && response.status === 404) throw new ConsoleServerMissingError();
  if (response.ok && from === 'upstream') {
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new Error(`${url} is not a simplestreams JSON file`);
    }
  }
  if (from === 'upstream') {
    throw new Error(`${url} answered ${String(response.status)} ${response.statusText}`.trim());
  }
  // The console server's own refusal (400, 413, 502: one message that names no address), or its
  // sign-in gate.
  const text = await response.text().catch(() => '');
  throw new Error(
    lxdErrorMessage(text) ??
      `the console server answered ${String(response.status)} ${response.statusText} for ${url}`.trim(),
  );
}

/** Reads the server's streams/v1/index.json, then the products file it names. */
export async function fetchRemoteImages(
  server: RemoteServer,
  signal?: AbortSignal,
): Promise<RemoteImage[]> {
  const index = await getJson(server, 'streams/v1/index.json', signal);
  return parseSimplestreams(await getJson(server, imagesPath(index), signal));
}
