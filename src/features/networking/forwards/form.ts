/**
 * The forward form: its values, their checks (every message next to its field), and the POST
 * and PUT bodies. The default target is `config.target_address`; other config keys (user.*)
 * are kept as read.
 */
import type {
  LxdNetworkForward,
  LxdNetworkForwardPort,
  LxdNetworkForwardPut,
  LxdNetworkForwardsPost,
} from '../../../lxd/types/network';
import type { Problems } from '../../../shared/forms';
import {
  FORWARD_MESSAGES,
  portProblems,
  duplicatePortErrors,
  forwardMember,
  ipVersionError,
  optionalAddressError,
  optionalPortsError,
  requiredAddressError,
  requiredPortsError,
  targetCountError,
} from '../listeners/rules';

export interface ForwardPortValues {
  protocol: string;
  listenPorts: string;
  targetAddress: string;
  targetPorts: string;
  description: string;
}

export interface ForwardFormValues {
  listenAddress: string;
  description: string;
  targetAddress: string;
  ports: ForwardPortValues[];
  config: Record<string, string>;
  /** The cluster member it is (to be) on; '' for the member the console talks to. */
  member: string;
}

export type PortField = keyof ForwardPortValues;

export interface ForwardErrors {
  listenAddress?: string;
  targetAddress?: string;
  ports: Partial<Record<PortField, string>>[];
}

export function newPortValues(targetAddress = ''): ForwardPortValues {
  return { protocol: 'tcp', listenPorts: '', targetAddress, targetPorts: '', description: '' };
}

export function newForwardValues(): ForwardFormValues {
  return {
    listenAddress: '',
    description: '',
    targetAddress: '',
    ports: [],
    config: {},
    member: '',
  };
}

export function forwardToValues(forward: LxdNetworkForward): ForwardFormValues {
  const { target_address: targetAddress = '', ...config } = forward.config;
  return {
    listenAddress: forward.listen_address,
    description: forward.description,
    targetAddress,
    config,
    member: forwardMember(forward) ?? '',
    ports: (forward.ports ?? []).map((port) => ({
      protocol: port.protocol,
      listenPorts: port.listen_port,
      targetAddress: port.target_address,
      targetPorts: port.target_port ?? '',
      description: port.description ?? '',
    })),
  };
}

/** Every problem of the form; `hasForwardErrors` says whether any field has one. */
export function forwardErrors(values: ForwardFormValues): ForwardErrors {
  const errors: ForwardErrors = { ports: [] };
  const listen = requiredAddressError(values.listenAddress, FORWARD_MESSAGES.listenRequired);
  if (listen) errors.listenAddress = listen;
  const target =
    optionalAddressError(values.targetAddress) ??
    ipVersionError(values.listenAddress, values.targetAddress);
  if (target) errors.targetAddress = target;
  const duplicates = duplicatePortErrors(values.ports);
  errors.ports = values.ports.map((port, index) => {
    const problems: Partial<Record<PortField, string>> = {};
    const listenPorts = requiredPortsError(port.listenPorts) ?? duplicates[index];
    if (listenPorts) problems.listenPorts = listenPorts;
    const address =
      requiredAddressError(port.targetAddress, FORWARD_MESSAGES.targetRequired) ??
      ipVersionError(values.listenAddress, port.targetAddress) ??
      (values.targetAddress.trim() !== '' &&
      port.targetAddress.trim() === values.targetAddress.trim()
        ? FORWARD_MESSAGES.sameAsDefault
        : undefined);
    if (address) problems.targetAddress = address;
    const targetPorts =
      optionalPortsError(port.targetPorts) ?? targetCountError(port.listenPorts, port.targetPorts);
    if (targetPorts) problems.targetPorts = targetPorts;
    return problems;
  });
  return errors;
}

/** The problems by field path (`listenAddress`, `ports.0.listenPorts`), in the order of the fields. */
export function forwardProblems(values: ForwardFormValues): Problems {
  const { ports, ...main } = forwardErrors(values);
  return { ...main, ...portProblems('ports', ports) };
}

export function hasForwardErrors(errors: ForwardErrors): boolean {
  return (
    errors.listenAddress !== undefined ||
    errors.targetAddress !== undefined ||
    errors.ports.some((port) => Object.keys(port).length > 0)
  );
}

function portBody(port: ForwardPortValues): LxdNetworkForwardPort {
  const body: LxdNetworkForwardPort = {
    protocol: port.protocol,
    listen_port: port.listenPorts.trim(),
    target_address: port.targetAddress.trim(),
  };
  if (port.targetPorts.trim() !== '') body.target_port = port.targetPorts.trim();
  if (port.description.trim() !== '') body.description = port.description.trim();
  return body;
}

export function valuesToForwardPut(values: ForwardFormValues): LxdNetworkForwardPut {
  const config = { ...values.config };
  if (values.targetAddress.trim() !== '') config.target_address = values.targetAddress.trim();
  return { description: values.description, config, ports: values.ports.map(portBody) };
}

export function valuesToForwardPost(values: ForwardFormValues): LxdNetworkForwardsPost {
  return { listen_address: values.listenAddress.trim(), ...valuesToForwardPut(values) };
}

/** "TCP 8080 → 10.0.0.5:80", "UDP 53,5353 → 10.0.0.5". */
export function portSummary(
  port: Pick<LxdNetworkForwardPort, 'protocol' | 'listen_port' | 'target_address' | 'target_port'>,
): string {
  const address = port.target_address.includes(':')
    ? `[${port.target_address}]`
    : port.target_address;
  const target = port.target_port ? `${address}:${port.target_port}` : port.target_address;
  return `${port.protocol.toUpperCase()} ${port.listen_port} → ${target}`;
}
