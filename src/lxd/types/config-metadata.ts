/**
 * GET /1.0/metadata/configuration (extension `metadata_configuration`):
 * `configs.<entity>.<section>.keys[]`, each entry a one-key map of option name → description.
 */
export interface LxdConfigOptionMetadata {
  defaultdesc?: string;
  longdesc?: string;
  shortdesc?: string;
  type?: string;
  condition?: string;
  required?: string;
  managed?: string;
  /** `global` or `local` (extension `metadata_configuration_scope`). */
  scope?: string;
  liveupdate?: string;
}

export interface LxdConfigMetadataSection {
  keys: Record<string, LxdConfigOptionMetadata>[];
}

export interface LxdConfigMetadata {
  configs: Record<string, Record<string, LxdConfigMetadataSection> | undefined>;
  entities?: Record<string, unknown>;
}
