import type { ValidationError } from './validation-error.ts';

/**
 * What a VPN node's definition may be (operators add them: `pnpm ops nodes add`, the console):
 * a key the feed and subscriptions name it by, a name members read, an ISO region, an address
 * and port, and a port speed. The protocol's own settings are checked by the server against
 * what node software reads (apps/api/src/nodes/node-params.ts).
 */
export const NODE_PROTOCOLS = ['vless', 'trojan', 'shadowsocks', 'hysteria2'] as const;
export type NodeProtocol = (typeof NODE_PROTOCOLS)[number];

/** Which plan's members get a node; Standard members get Lite nodes too. */
export const NODE_ACCESS_LEVELS = ['standard', 'lite'] as const;

export const NODE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const NODE_NAME_MAX = 64;
export const NODE_CAPACITY_MBPS_MAX = 400_000;
export const NODE_PORT_MAX = 65_535;

const HOST_PATTERN =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const IPV6_PATTERN = /^[0-9a-fA-F:]+$/;

export interface NodeFields {
  key: string;
  name: string;
  region: string;
  host: string;
  port: number;
  /** Absent: the default port speed. */
  capacityMbps?: number | undefined;
}

export type NodeField = keyof NodeFields;

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** The problem of each field of a node's definition (a validation code); empty when it is valid. */
export function nodeFieldErrors(node: NodeFields): Partial<Record<NodeField, ValidationError>> {
  const errors: Partial<Record<NodeField, ValidationError>> = {};
  if (!NODE_KEY_PATTERN.test(node.key)) errors.key = 'node_key_invalid';
  const name = node.name.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (name === '' || name.length > NODE_NAME_MAX || /[\u0000-\u001f\u007f,]/.test(name))
    errors.name = 'node_name_invalid';
  if (!/^[A-Z]{2}$/.test(node.region)) errors.region = 'region_invalid';
  if (!HOST_PATTERN.test(node.host) && !(node.host.includes(':') && IPV6_PATTERN.test(node.host)))
    errors.host = 'host_invalid';
  if (!whole(node.port, 1, NODE_PORT_MAX)) errors.port = 'port_invalid';
  if (node.capacityMbps !== undefined && !whole(node.capacityMbps, 1, NODE_CAPACITY_MBPS_MAX))
    errors.capacityMbps = 'capacity_invalid';
  return errors;
}
