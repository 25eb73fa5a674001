/**
 * The LXD paths the journal names resources by, for the History tabs' `resource` filter (the
 * resource and everything below it: an instance's snapshots, a pool's volumes).
 */
const seg = encodeURIComponent;

export const activityResource = {
  instance: (name: string) => `/1.0/instances/${seg(name)}`,
  profile: (name: string) => `/1.0/profiles/${seg(name)}`,
  network: (name: string) => `/1.0/networks/${seg(name)}`,
  storagePool: (name: string) => `/1.0/storage-pools/${seg(name)}`,
  storageVolume: (pool: string, type: string, name: string) =>
    `/1.0/storage-pools/${seg(pool)}/volumes/${seg(type)}/${seg(name)}`,
};
