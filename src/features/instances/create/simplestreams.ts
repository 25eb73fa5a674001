/**
 * Remote image servers (simplestreams), read from the browser on demand. On closed networks
 * they cannot be reached; the picker says so and offers the project's local images.
 */
import type { InstanceType } from '../../../lxd/types/instance';

export interface RemoteServer {
  name: string;
  url: string;
}

export const REMOTE_SERVERS: readonly RemoteServer[] = [
  { name: 'LXD images', url: 'https://images.lxd.canonical.com' },
];

export interface RemoteImage {
  alias: string;
  description: string;
  type: InstanceType;
  architecture: string;
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

/** The images of a simplestreams `images.json`: one entry per product and instance type. */
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
    if (ftypes.has('squashfs') || ftypes.has('root.tar.xz')) {
      images.push({ alias, description, type: 'container', architecture });
    }
    if (ftypes.has('disk-kvm.img')) {
      images.push({ alias, description, type: 'virtual-machine', architecture });
    }
  }
  return images.sort((a, b) => a.alias.localeCompare(b.alias));
}

export async function fetchRemoteImages(
  server: RemoteServer,
  signal?: AbortSignal,
): Promise<RemoteImage[]> {
  const init: RequestInit = signal ? { signal } : {};
  let response: Response;
  try {
    response = await fetch(`${server.url}/streams/v1/images.json`, init);
  } catch {
    throw new Error(
      `${server.url} cannot be reached from this browser (no network route or it is blocked).`,
    );
  }
  if (!response.ok) throw new Error(`${server.url} answered ${response.status}`);
  return parseSimplestreams(await response.json());
}
