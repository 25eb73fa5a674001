/** What the pool page tests share: a server with three drivers, its sign-in, two pools. */
import { testAuth, testServer } from '../../../testing/render';

export const server = testServer({
  environment: {
    server_version: '5.0.2',
    server_clustered: false,
    storage_supported_drivers: [
      { Name: 'dir', Version: '1', Remote: false },
      { Name: 'zfs', Version: '2.1.5', Remote: false },
      { Name: 'powerflex', Version: '4.0', Remote: true },
    ],
  },
});
export const auth = (over = {}) => testAuth({ server, ...over });
export const clusteredAuth = () =>
  testAuth({
    server: { ...server, environment: { ...server.environment, server_clustered: true } },
    isClustered: true,
  });

export const pools = [
  {
    name: 'default',
    driver: 'dir',
    description: 'Main pool',
    config: { source: '/var/lib/lxd/storage-pools/default' },
    status: 'Created',
    locations: ['none'],
    used_by: ['/1.0/instances/c1', '/1.0/profiles/default'],
  },
  {
    name: 'fast',
    driver: 'zfs',
    description: 'NVMe',
    config: { size: '10GiB' },
    status: 'Created',
    locations: ['none'],
    used_by: [],
  },
];

export const GiB = 1024 ** 3;
