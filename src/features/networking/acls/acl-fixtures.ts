/** Two network ACLs as LXD answers them: one in use with two ingress rules, one unused. */
export const web = {
  name: 'web',
  description: 'Web servers',
  ingress: [
    { action: 'allow', state: 'enabled', protocol: 'tcp', destination_port: '80,443' },
    { action: 'drop', state: 'logged', source: '10.0.0.0/8' },
  ],
  egress: [],
  config: {},
  used_by: ['/1.0/networks/br0', '/1.0/instances/c1?project=team'],
};
export const spare = {
  name: 'spare',
  description: '',
  ingress: [],
  egress: [{ action: 'reject', state: 'enabled', protocol: 'icmp4', icmp_type: '8' }],
  config: {},
  used_by: [],
};
