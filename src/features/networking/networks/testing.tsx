/** The fake LXD of the network page tests: a bridge, a host interface, loopback, their state. */
import { fakeLxd, type FakeHandler } from '../../../testing/fake-lxd';
import { testAuth, testServer } from '../../../testing/render';

export const auth = testAuth({
  server: testServer({
    api_extensions: ['network_bridge_acl', 'network_type_macvlan', 'network_type_physical'],
  }),
});

export const networks = [
  {
    name: 'lxdbr0',
    type: 'bridge',
    description: 'Lab bridge',
    config: { 'ipv4.address': '10.19.7.1/24', 'ipv6.address': 'none' },
    managed: true,
    status: 'Created',
    locations: ['none'],
    used_by: ['/1.0/instances/c1', '/1.0/profiles/default'],
  },
  {
    name: 'eth0',
    type: 'physical',
    description: '',
    config: {},
    managed: false,
    status: '',
    locations: null,
    used_by: [],
  },
  {
    name: 'lo',
    type: 'loopback',
    description: '',
    config: {},
    managed: false,
    status: '',
    locations: null,
    used_by: [],
  },
];

const eth0State = {
  addresses: [
    { family: 'inet', address: '192.0.2.2', netmask: '24', scope: 'global' },
    { family: 'inet6', address: 'fe80::1', netmask: '64', scope: 'link' },
  ],
  counters: { bytes_received: 2048, bytes_sent: 1024, packets_received: 3, packets_sent: 2 },
  hwaddr: '02:00:00:00:00:01',
  mtu: 1500,
  state: 'up',
  type: 'broadcast',
};

/** Answers the list, the project, a network and its state; `more` answers first. */
export function lxd(more: FakeHandler = () => undefined) {
  return fakeLxd((call) => {
    const answer = more(call);
    if (answer) return answer;
    const { url } = call;
    if (url.startsWith('/1.0/networks?')) return { metadata: networks };
    if (url.startsWith('/1.0/network-acls?')) return { metadata: ['/1.0/network-acls/web'] };
    if (url.startsWith('/1.0/networks/eth0/state')) return { metadata: eth0State };
    if (url.startsWith('/1.0/networks/lxdbr0/state')) return { metadata: eth0State };
    if (url.startsWith('/1.0/networks/lxdbr0?')) return { metadata: networks[0], etag: '"e1"' };
    if (url.startsWith('/1.0/networks/eth0?')) return { metadata: networks[1] };
    return undefined;
  });
}
