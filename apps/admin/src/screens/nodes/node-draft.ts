import type { AdminRequestOf, AdminResponseOf } from '@nimbus/api-sdk/admin';
import {
  NODE_CAPACITY_MBPS_MAX,
  nodeFieldErrors,
  type NodeField,
  type NodeProtocol,
  type ValidationError,
} from '@nimbus/domain';

export type NodeRow = AdminResponseOf<'adminNodeList'>['items'][number];
export type NewNode = AdminRequestOf<'adminNodeCreate'>;

/** A node form as typed: numbers and the protocol's settings are text until the form is sent. */
export interface NodeDraft {
  key: string;
  name: string;
  region: string;
  protocol: NodeProtocol;
  host: string;
  port: string;
  access: 'standard' | 'lite';
  capacity: string;
  params: string;
}

export type NodeDraftField = Exclude<keyof NodeDraft, 'protocol' | 'access'>;

/** Each protocol's settings as `pnpm ops nodes add --params` takes them (docs/nodes.md). */
export const PARAMS_EXAMPLES: Record<NodeProtocol, string> = {
  vless:
    '{"security": "reality", "sni": "www.microsoft.com", "fingerprint": "chrome", "realityPrivateKey": "<from xray x25519>"}',
  vmess: '{"tls": true, "sni": "jp1.example.com", "transport": {"type": "ws", "path": "/vmess"}}',
  trojan: '{"sni": "jp1.example.com"}',
  shadowsocks: '{"method": "2022-blake3-aes-128-gcm", "serverKey": "<16 bytes in base64>"}',
  hysteria2: '{"sni": "jp1.example.com"}',
};

export const EMPTY_NODE: NodeDraft = {
  key: '',
  name: '',
  region: '',
  protocol: 'vless',
  host: '',
  port: '443',
  access: 'standard',
  capacity: '',
  params: '',
};

/** A validation message key and its values, per field of the form. */
export type NodeDraftErrors = Partial<
  Record<NodeDraftField, { key: ValidationError; max?: number }>
>;

const FIELD_OF: Record<NodeField, NodeDraftField> = {
  key: 'key',
  name: 'name',
  region: 'region',
  host: 'host',
  port: 'port',
  capacityMbps: 'capacity',
};

const whole = (text: string): number => (/^\d{1,7}$/.test(text.trim()) ? Number(text) : NaN);

function paramsOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The draft as the call's input, or the problems per field: the domain's node rule (the same the
 * server applies) and settings that are a JSON object. The server checks the settings against
 * the protocol.
 */
export function parseNodeDraft(
  draft: NodeDraft,
): { ok: true; node: NewNode } | { ok: false; errors: NodeDraftErrors } {
  const capacity = draft.capacity.trim() === '' ? undefined : whole(draft.capacity);
  const fields = {
    key: draft.key.trim(),
    name: draft.name.trim(),
    region: draft.region.trim().toUpperCase(),
    host: draft.host.trim(),
    port: whole(draft.port),
    capacityMbps: capacity,
  };
  const errors: NodeDraftErrors = {};
  for (const [field, key] of Object.entries(nodeFieldErrors(fields)) as [
    NodeField,
    ValidationError,
  ][])
    errors[FIELD_OF[field]] =
      field === 'capacityMbps' ? { key, max: NODE_CAPACITY_MBPS_MAX } : { key };
  const params = paramsOf(draft.params);
  if (params === null) errors.params = { key: 'node_params_json' };
  if (Object.keys(errors).length > 0 || params === null) return { ok: false, errors };
  return {
    ok: true,
    node: {
      key: fields.key,
      name: fields.name,
      region: fields.region,
      protocol: draft.protocol,
      host: fields.host,
      port: fields.port,
      access: draft.access,
      params,
      ...(capacity === undefined ? {} : { capacityMbps: capacity }),
    },
  };
}
