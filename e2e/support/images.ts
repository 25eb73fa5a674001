/**
 * Image files for upload tests. The busybox image of scripts/lxd/busybox-image.sh is
 * deterministic, and LXD refuses a second image with the same fingerprint, so every test gets a
 * variant: the same image repacked with its own description and a random file in the root file
 * system (a new fingerprint). Also imports and deletes images through the API for preconditions.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request, type APIRequestContext } from '@playwright/test';
import { INCUS_URL, LXD_URL, certs, incusCerts } from './env';

/** The server an import or delete goes to: the e2e LXD, or the `incus` project's Incus. */
type Server = 'lxd' | 'incus';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let workDir: string | undefined;
let baseImage: string | undefined;

function work(): string {
  workDir ??= mkdtempSync(path.join(os.tmpdir(), 'e2e-images-'));
  return workDir;
}

/** The deterministic busybox tarball, built once per worker. */
function busyboxImage(): string {
  if (!baseImage) {
    const out = path.join(work(), 'busybox.tar.gz');
    execFileSync(path.join(root, 'scripts', 'lxd', 'busybox-image.sh'), [out], { stdio: 'pipe' });
    baseImage = out;
  }
  return baseImage;
}

const sha256 = (...buffers: Buffer[]) => {
  const hash = createHash('sha256');
  for (const buffer of buffers) hash.update(buffer);
  return hash.digest('hex');
};

const tar = (args: string[]) => execFileSync('tar', args, { stdio: 'pipe' });
const REPRODUCIBLE = ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '--format=gnu'];

/** Unpacks the busybox image and makes it unique: new description, a random file. */
function unpackVariant(label: string): { dir: string; description: string } {
  const dir = mkdtempSync(path.join(work(), 'variant-'));
  tar(['-xzf', busyboxImage(), '-C', dir]);
  const token = randomBytes(6).toString('hex');
  const description = `${label} ${token}`;
  const metadataPath = path.join(dir, 'metadata.yaml');
  const metadata = readFileSync(metadataPath, 'utf8').replace(
    /^( {2}description: ).*$/m,
    `$1${description}`,
  );
  writeFileSync(metadataPath, metadata);
  mkdirSync(path.join(dir, 'rootfs', 'etc'), { recursive: true });
  writeFileSync(path.join(dir, 'rootfs', 'etc', 'image-variant'), `${token}\n`);
  return { dir, description };
}

export interface ImageFile {
  path: string;
  name: string;
  description: string;
  fingerprint: string;
  size: number;
}

/** A unified tarball (metadata.yaml + rootfs/) with a fingerprint no other test uses. */
export function buildUnifiedImage(label = 'e2e image'): ImageFile {
  const { dir, description } = unpackVariant(label);
  const file = path.join(work(), `${path.basename(dir)}.tar.gz`);
  tar([...REPRODUCIBLE, '-C', dir, '-czf', file, 'metadata.yaml', 'rootfs']);
  rmSync(dir, { recursive: true, force: true });
  const bytes = readFileSync(file);
  return {
    path: file,
    name: path.basename(file),
    description,
    fingerprint: sha256(bytes),
    size: bytes.length,
  };
}

export interface SplitImageFiles {
  metadata: string;
  rootfs: string;
  description: string;
  /** LXD fingerprints a split image as sha256(metadata file + rootfs file). */
  fingerprint: string;
}

/** A split image: a metadata tarball and a root file system tarball (files at its top). */
export function buildSplitImage(label = 'e2e split image'): SplitImageFiles {
  const { dir, description } = unpackVariant(label);
  const metadata = path.join(work(), `${path.basename(dir)}-meta.tar.gz`);
  const rootfs = path.join(work(), `${path.basename(dir)}-rootfs.tar.gz`);
  tar([...REPRODUCIBLE, '-C', dir, '-czf', metadata, 'metadata.yaml']);
  tar([...REPRODUCIBLE, '-C', path.join(dir, 'rootfs'), '-czf', rootfs, '.']);
  rmSync(dir, { recursive: true, force: true });
  return {
    metadata,
    rootfs,
    description,
    fingerprint: sha256(readFileSync(metadata), readFileSync(rootfs)),
  };
}

/** Admin HTTPS access for binary bodies (LxdApi sends JSON only). */
async function adminContext(server: Server = 'lxd'): Promise<APIRequestContext> {
  const [url, cert] = server === 'incus' ? [INCUS_URL, incusCerts.admin] : [LXD_URL, certs.admin];
  return request.newContext({
    baseURL: url,
    ignoreHTTPSErrors: true,
    clientCertificates: [{ origin: url, certPath: cert.cert, keyPath: cert.key }],
  });
}

interface Envelope {
  type: string;
  error?: string;
  operation?: string;
  metadata: { status?: string; err?: string } | null;
}

/** Imports an image file through the API and waits for the import to end. */
export async function importImage(
  image: ImageFile,
  project = 'default',
  server: Server = 'lxd',
): Promise<void> {
  const ctx = await adminContext(server);
  try {
    const response = await ctx.post(`/1.0/images?project=${project}`, {
      data: readFileSync(image.path),
      headers: { 'Content-Type': 'application/octet-stream', 'X-LXD-filename': image.name },
    });
    const envelope = (await response.json()) as Envelope;
    if (!response.ok() || !envelope.operation) {
      throw new Error(`image import: ${response.status()} ${envelope.error ?? ''}`);
    }
    const wait = await ctx.get(`${envelope.operation}/wait?timeout=60`);
    const operation = ((await wait.json()) as Envelope).metadata;
    if (operation?.status !== 'Success') throw new Error(`image import: ${operation?.err ?? ''}`);
  } finally {
    await ctx.dispose();
  }
}

/** Imports a split image (multipart: metadata first, then rootfs) and waits for the import. */
export async function importSplitImage(image: SplitImageFiles, project = 'default') {
  const ctx = await adminContext();
  try {
    const part = (file: string) => ({
      name: path.basename(file),
      mimeType: 'application/octet-stream',
      buffer: readFileSync(file),
    });
    const response = await ctx.post(`/1.0/images?project=${project}`, {
      multipart: { metadata: part(image.metadata), rootfs: part(image.rootfs) },
    });
    const envelope = (await response.json()) as Envelope;
    if (!response.ok() || !envelope.operation) {
      throw new Error(`split image import: ${response.status()} ${envelope.error ?? ''}`);
    }
    const wait = await ctx.get(`${envelope.operation}/wait?timeout=60`);
    const operation = ((await wait.json()) as Envelope).metadata;
    if (operation?.status !== 'Success') {
      throw new Error(`split image import: ${operation?.err ?? ''}`);
    }
  } finally {
    await ctx.dispose();
  }
}

/** Deletes an image and waits for the deletion; a missing image is fine. */
export async function deleteImageQuietly(
  fingerprint: string,
  project = 'default',
  server: Server = 'lxd',
) {
  const ctx = await adminContext(server);
  try {
    const response = await ctx.delete(`/1.0/images/${fingerprint}?project=${project}`);
    if (!response.ok()) return;
    const envelope = (await response.json()) as Envelope;
    if (envelope.operation) await ctx.get(`${envelope.operation}/wait?timeout=60`);
  } finally {
    await ctx.dispose();
  }
}

/** Removes the files this worker built. */
export function removeImageFiles() {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = undefined;
  baseImage = undefined;
}
