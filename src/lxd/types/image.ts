import type { InstanceType } from './instance';

/** An alias of an image as the image itself lists it. */
export interface LxdImageAliasRef {
  name: string;
  description: string;
}

/** GET /1.0/images?recursion=1 (spec §3: fingerprint, type, aliases, properties.description). */
export interface LxdImage {
  fingerprint: string;
  type: InstanceType;
  aliases: LxdImageAliasRef[] | null;
  properties: Record<string, string> | null;
  architecture: string;
  size: number;
  public: boolean;
  filename: string;
  auto_update: boolean;
  cached: boolean;
  created_at: string;
  uploaded_at: string;
  last_used_at: string;
  expires_at: string;
  profiles?: string[] | null;
  /** Present with `all-projects=1` on servers that support it. */
  project?: string;
  /** Present in fine-grained mode when asked with `with-access-entitlements`. */
  access_entitlements?: string[];
  /** Kept from the GET of one image (getWithEtag), for the PUT's If-Match. */
  etag?: string;
}

/** PUT /1.0/images/{fingerprint}: the writable fields of an image. */
export interface LxdImagePut {
  auto_update: boolean;
  properties: Record<string, string>;
  public: boolean;
  expires_at: string;
  profiles: string[];
}

/** GET /1.0/images/aliases?recursion=1: an alias and the image it points at. */
export interface LxdImageAlias {
  name: string;
  target: string;
  description?: string;
  /** Present in fine-grained mode when asked with `with-access-entitlements`. */
  access_entitlements?: string[];
}

/** POST /1.0/images/aliases (spec §3: target, name). */
export interface LxdImageAliasPost {
  target: string;
  name: string;
  description?: string;
}

/** POST /1.0/images with a JSON body: an image made from an instance or a snapshot. */
export interface LxdImagePublish {
  source: { type: 'instance' | 'snapshot'; name: string };
  aliases?: { name: string; description?: string }[];
  public?: boolean;
  properties?: Record<string, string>;
}
