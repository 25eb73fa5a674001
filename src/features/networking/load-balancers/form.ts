/**
 * The load balancer form: listen address, backends (a name, an instance address, target ports)
 * and ports (protocol, listen ports, the backends they go to); the checks next to each field and
 * the POST and PUT bodies.
 */
import type {
  LxdNetworkLoadBalancer,
  LxdNetworkLoadBalancerBackend,
  LxdNetworkLoadBalancerPort,
  LxdNetworkLoadBalancerPut,
  LxdNetworkLoadBalancersPost,
} from '../../../lxd/types/network';
import type { Problems } from '../../../shared/forms';
import {
  FORWARD_MESSAGES,
  portProblems,
  duplicatePortErrors,
  ipVersionError,
  optionalPortsError,
  requiredAddressError,
  requiredPortsError,
  targetCountError,
} from '../listeners/rules';

export const LB_MESSAGES = {
  backendNameRequired: 'Backend name is required',
  backendNameTaken: 'Another backend has this name',
  backendNameChars: 'Only alphanumeric, hyphen and underscore characters are allowed',
  noBackends: 'Choose at least one backend',
} as const;

/** "Backend web1 needs one target port, or as many as the listen ports". */
export const backendCountMessage = (backend: string) =>
  `Backend ${backend} needs one target port, or as many as the listen ports`;

export interface LbBackendValues {
  name: string;
  targetAddress: string;
  targetPorts: string;
  description: string;
}

export interface LbPortValues {
  protocol: string;
  listenPorts: string;
  targetBackends: string[];
  /** Kept as read: a pool the port targets instead of backends (not edited here). */
  targetPool: string;
  description: string;
}

export interface LbFormValues {
  listenAddress: string;
  description: string;
  backends: LbBackendValues[];
  ports: LbPortValues[];
  config: Record<string, string>;
}

export interface LbErrors {
  listenAddress?: string;
  backends: Partial<Record<keyof LbBackendValues, string>>[];
  ports: Partial<Record<keyof LbPortValues, string>>[];
}

export function newBackendValues(name = ''): LbBackendValues {
  return { name, targetAddress: '', targetPorts: '', description: '' };
}

export function newLbPortValues(): LbPortValues {
  return { protocol: 'tcp', listenPorts: '', targetBackends: [], targetPool: '', description: '' };
}

export function newLbValues(): LbFormValues {
  return { listenAddress: '', description: '', backends: [], ports: [], config: {} };
}

/** The backends a port balances over (a port of a newer server may name a pool instead). */
function portBackends(port: LxdNetworkLoadBalancerPort): string[] {
  return (port as { target_backend?: string[] | null }).target_backend ?? [];
}

export function lbToValues(lb: LxdNetworkLoadBalancer): LbFormValues {
  return {
    listenAddress: lb.listen_address,
    description: lb.description,
    config: { ...lb.config },
    backends: (lb.backends ?? []).map((backend) => ({
      name: backend.name,
      targetAddress: backend.target_address,
      targetPorts: backend.target_port ?? '',
      description: backend.description ?? '',
    })),
    ports: (lb.ports ?? []).map((port) => ({
      protocol: port.protocol,
      listenPorts: port.listen_port,
      targetBackends: [...portBackends(port)],
      targetPool: port.target_pool ?? '',
      description: port.description ?? '',
    })),
  };
}

/** The first free "backend1", "backend2"… */
export function nextBackendName(backends: readonly LbBackendValues[]): string {
  const names = new Set(backends.map((backend) => backend.name));
  for (let n = 1; ; n += 1) {
    const name = `backend${String(n)}`;
    if (!names.has(name)) return name;
  }
}

export function lbErrors(values: LbFormValues): LbErrors {
  const errors: LbErrors = { backends: [], ports: [] };
  const listen = requiredAddressError(values.listenAddress, FORWARD_MESSAGES.listenRequired);
  if (listen) errors.listenAddress = listen;
  const names = values.backends.map((backend) => backend.name.trim());
  errors.backends = values.backends.map((backend, index) => {
    const problems: LbErrors['backends'][number] = {};
    const name = names[index] ?? '';
    if (name === '') problems.name = LB_MESSAGES.backendNameRequired;
    else if (!/^[A-Za-z0-9_-]+$/.test(name)) problems.name = LB_MESSAGES.backendNameChars;
    else if (names.indexOf(name) !== index) problems.name = LB_MESSAGES.backendNameTaken;
    const address =
      requiredAddressError(backend.targetAddress, FORWARD_MESSAGES.targetRequired) ??
      ipVersionError(values.listenAddress, backend.targetAddress);
    if (address) problems.targetAddress = address;
    const ports = optionalPortsError(backend.targetPorts);
    if (ports) problems.targetPorts = ports;
    return problems;
  });
  const duplicates = duplicatePortErrors(values.ports);
  errors.ports = values.ports.map((port, index) => {
    const problems: LbErrors['ports'][number] = {};
    const listen = requiredPortsError(port.listenPorts) ?? duplicates[index];
    if (listen) problems.listenPorts = listen;
    if (port.targetBackends.length === 0 && port.targetPool === '') {
      problems.targetBackends = LB_MESSAGES.noBackends;
    } else {
      const mismatch = port.targetBackends.find((name) => {
        const backend = values.backends.find((b) => b.name.trim() === name);
        return backend !== undefined && targetCountError(port.listenPorts, backend.targetPorts);
      });
      if (mismatch !== undefined) problems.targetBackends = backendCountMessage(mismatch);
    }
    return problems;
  });
  return errors;
}

/** The problems by field path (`backends.0.name`, `ports.1.targetBackends`), in field order. */
export function lbProblems(values: LbFormValues): Problems {
  const { backends, ports, ...main } = lbErrors(values);
  return { ...main, ...portProblems('backends', backends), ...portProblems('ports', ports) };
}

function backendBody(backend: LbBackendValues): LxdNetworkLoadBalancerBackend {
  const body: LxdNetworkLoadBalancerBackend = {
    name: backend.name.trim(),
    target_address: backend.targetAddress.trim(),
  };
  if (backend.targetPorts.trim() !== '') body.target_port = backend.targetPorts.trim();
  if (backend.description.trim() !== '') body.description = backend.description.trim();
  return body;
}

function portBody(port: LbPortValues): LxdNetworkLoadBalancerPort {
  const body: LxdNetworkLoadBalancerPort = {
    protocol: port.protocol,
    listen_port: port.listenPorts.trim(),
    target_backend: port.targetBackends,
  };
  if (port.targetPool !== '') body.target_pool = port.targetPool;
  if (port.description.trim() !== '') body.description = port.description.trim();
  return body;
}

export function valuesToLbPut(values: LbFormValues): LxdNetworkLoadBalancerPut {
  return {
    description: values.description,
    config: values.config,
    backends: values.backends.map(backendBody),
    ports: values.ports.map(portBody),
  };
}

export function valuesToLbPost(values: LbFormValues): LxdNetworkLoadBalancersPost {
  return { listen_address: values.listenAddress.trim(), ...valuesToLbPut(values) };
}

/** "web1 10.0.0.5:80". */
export function backendSummary(backend: LxdNetworkLoadBalancerBackend): string {
  return backend.target_port
    ? `${backend.name} ${backend.target_address}:${backend.target_port}`
    : `${backend.name} ${backend.target_address}`;
}

/** "TCP 80 → web1, web2". */
export function lbPortSummary(port: LxdNetworkLoadBalancerPort): string {
  const target = port.target_pool ? `pool ${port.target_pool}` : portBackends(port).join(', ');
  return `${port.protocol.toUpperCase()} ${port.listen_port} → ${target}`;
}
