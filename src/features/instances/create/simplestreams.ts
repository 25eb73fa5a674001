/**
 * Remote image servers (simplestreams), read by the browser itself: the console server proxies
 * only /1.0 (and LXD serving the UI proxies nothing), so the index is fetched straight from the
 * image server, which must allow it (CORS). The LXD server downloads the chosen image itself when
 * the instance is created. On closed networks the servers do not answer; the picker says so.
 */
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

async function getJson(server: RemoteServer, path: string, signal?: AbortSignal) {
  const url = `${server.url.replace(/\/+$/, '')}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, signal ? { signal } : {});
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      notAnswering(
        server,
        `${reason} (no network route from this browser, or the server does not allow it)`,
      ),
    );
  }
  if (!response.ok) {
    throw new Error(`${url} answered ${String(response.status)} ${response.statusText}`.trim());
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new Error(`${url} is not a simplestreams JSON file`);
  }
}

/** Reads the server's streams/v1/index.json, then the products file it names. */
export async function fetchRemoteImages(
  server: RemoteServer,
  signal?: AbortSignal,
): Promise<RemoteImage[]> {
  const index = await getJson(server, 'streams/v1/index.json', signal);
  return parseSimplestreams(await getJson(server, imagesPath(index), signal));
}
