/**
 * Path builders for every route of spec §2: screens never write URLs by hand. Paths are
 * relative to the router's basename, /ui or /ui/remote/{name} (use `uiUrl()` for a full browser
 * URL).
 */
import { pageBasename, uiBasename } from './base';

const seg = encodeURIComponent;
const p = (project: string) => `/project/${seg(project)}`;
const tail = (...parts: (string | undefined)[]) =>
  parts
    .filter((part): part is string => part !== undefined && part !== '')
    .map(seg)
    .map((part) => `/${part}`)
    .join('');

export const paths = {
  root: () => '/',
  login: () => '/login',
  loginCertificateGenerate: () => '/login/certificate-generate',
  loginCertificateAdd: () => '/login/certificate-add',

  overview: (project: string) => `${p(project)}/overview`,
  allProjectsInstances: () => '/all-projects/instances',
  instances: (project: string) => `${p(project)}/instances`,
  instanceCreate: (project: string) => `${p(project)}/instances/create`,
  instance: (project: string, name: string, tab?: string, section?: string) =>
    `${p(project)}/instance/${seg(name)}${tail(tab, section)}`,

  profiles: (project: string) => `${p(project)}/profiles`,
  profileCreate: (project: string) => `${p(project)}/profiles/create`,
  profile: (project: string, name: string, tab?: string, section?: string) =>
    `${p(project)}/profile/${seg(name)}${tail(tab, section)}`,

  networks: (project: string) => `${p(project)}/networks`,
  networkCreate: (project: string) => `${p(project)}/networks/create`,
  network: (project: string, name: string, tab?: string, section?: string) =>
    `${p(project)}/network/${seg(name)}${tail(tab, section)}`,
  memberNetwork: (project: string, member: string, name: string, tab?: string) =>
    `${p(project)}/member/${seg(member)}/network/${seg(name)}${tail(tab)}`,
  networkForwardCreate: (project: string, network: string) =>
    `${p(project)}/network/${seg(network)}/forwards/create`,
  networkForwardEdit: (project: string, network: string, address: string, member?: string) =>
    member
      ? `${p(project)}/network/${seg(network)}/member/${seg(member)}/forwards/${seg(address)}/edit`
      : `${p(project)}/network/${seg(network)}/forwards/${seg(address)}/edit`,
  networkAcls: (project: string) => `${p(project)}/network-acls`,
  networkAclCreate: (project: string) => `${p(project)}/network-acls/create`,
  networkAcl: (project: string, name: string, tab?: string) =>
    `${p(project)}/network-acl/${seg(name)}${tail(tab)}`,
  networkIpam: (project: string) => `${p(project)}/network-ipam`,

  projectConfiguration: (project: string, section?: string) =>
    `${p(project)}/configuration${tail(section)}`,
  projectUsage: (project: string) => `${p(project)}/usage`,
  projectHistory: (project: string) => `${p(project)}/history`,
  projectCreate: () => '/projects/create',

  storagePools: (project: string) => `${p(project)}/storage/pools`,
  storagePoolCreate: (project: string) => `${p(project)}/storage/pools/create`,
  storagePool: (project: string, name: string, tab?: string, section?: string) =>
    `${p(project)}/storage/pool/${seg(name)}${tail(tab, section)}`,
  storageVolumes: (project: string) => `${p(project)}/storage/volumes`,
  storageVolumeCreate: (project: string) => `${p(project)}/storage/volumes/create`,
  storageVolume: (
    project: string,
    pool: string,
    type: string,
    volume: string,
    options: { member?: string; tab?: string; section?: string } = {},
  ) =>
    `${p(project)}/storage/pool/${seg(pool)}${options.member ? `/member/${seg(options.member)}` : ''}/volumes/${seg(type)}/${seg(volume)}${tail(options.tab, options.section)}`,
  storageBuckets: (project: string) => `${p(project)}/storage/buckets`,
  storageBucket: (project: string, pool: string, bucket: string, tab?: string) =>
    `${p(project)}/storage/pool/${seg(pool)}/bucket/${seg(bucket)}${tail(tab)}`,
  customIsos: (project: string) => `${p(project)}/storage/custom-isos`,

  images: (project: string) => `${p(project)}/images`,

  server: () => '/server',
  serverClustering: () => '/server/clustering',
  clusterMembers: () => '/cluster/members',
  clusterMember: (name: string, tab?: string) => `/cluster/member/${seg(name)}${tail(tab)}`,
  clusterGroups: () => '/cluster/groups',

  operations: () => '/operations',
  activity: () => '/activity',
  fleet: () => '/fleet',
  fleetInstances: () => '/fleet/instances',
  warnings: () => '/warnings',
  settings: () => '/settings',

  permissionsIdentities: () => '/permissions/identities?system-identities=hide',
  permissionsGroups: () => '/permissions/groups',
  permissionsGroupCreate: () => '/permissions/groups/create',
  permissionsGroup: (name: string) => `/permissions/group/${seg(name)}`,
  permissionsIdpGroups: () => '/permissions/idp-groups',
  permissionsCertificates: () => '/permissions/certificates',
};

/**
 * A full browser URL of a route (for links outside the router, downloads, copies): on the page's
 * remote, or on `remote` (null: the default remote).
 */
export function uiUrl(path: string, remote?: string | null): string {
  return `${remote === undefined ? pageBasename() : uiBasename(remote)}${path}`;
}
