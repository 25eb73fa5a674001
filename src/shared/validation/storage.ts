/** Spec §5 storage pool rules that depend on the driver. */

export const POWERFLEX_REQUIRED = 'Pool, gateway and user password are required for Dell PowerFlex';
export const PURE_REQUIRED = 'Gateway and API token are required for Pure Storage';

const filled = (config: Record<string, string | undefined>, key: string) =>
  (config[key] ?? '').trim() !== '';

/**
 * A PowerFlex pool is invalid without pool, gateway or user password; a Pure Storage pool
 * without gateway or API token. Returns the message, or undefined when valid.
 */
export function storagePoolDriverError(
  driver: string,
  config: Record<string, string | undefined>,
): string | undefined {
  if (driver === 'powerflex') {
    const ok = ['powerflex.pool', 'powerflex.gateway', 'powerflex.user.password'].every((key) =>
      filled(config, key),
    );
    return ok ? undefined : POWERFLEX_REQUIRED;
  }
  if (driver === 'pure') {
    const ok = ['pure.gateway', 'pure.api.token'].every((key) => filled(config, key));
    return ok ? undefined : PURE_REQUIRED;
  }
  return undefined;
}
