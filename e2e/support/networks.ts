import type { LxdApi } from './lxd-api';

/**
 * A bridge of a spec's own on 10.197.N.0/24 (N picked at random among the free ones: the e2e
 * LXDs use 10.181–10.184), no NAT, no IPv6; `extra` adds config for that subnet (e.g. the DHCP
 * and OVN ranges of an uplink). Returns its gateway address.
 */
export async function createTestBridge(
  lxd: LxdApi,
  name: string,
  description: string,
  extra: (subnet: string) => Record<string, string> = () => ({}),
): Promise<string> {
  const networks = await lxd.get<{ config: Record<string, string> }[]>('/1.0/networks?recursion=1');
  const used = new Set(networks.map((n) => n.config['ipv4.address']?.split('.')[2]));
  for (let attempt = 0; ; attempt += 1) {
    const n = String(1 + Math.floor(Math.random() * 254));
    if (used.has(n)) continue;
    const subnet = `10.197.${n}`;
    const gateway = `${subnet}.1`;
    try {
      await lxd.run('POST', '/1.0/networks', {
        name,
        type: 'bridge',
        description,
        config: {
          'ipv4.address': `${gateway}/24`,
          'ipv4.nat': 'false',
          'ipv6.address': 'none',
          ...extra(subnet),
        },
      });
      return gateway;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}
