/**
 * JSON Schema (draft-07) of the subset of the sing-box 1.11+ configuration the server emits,
 * written from the sing-box documentation (outbound/vless, vmess, trojan, shadowsocks, hysteria2,
 * selector, urltest, direct; shared/tls; shared/v2ray-transport; inbound/tun, mixed; route and
 * rule actions). Closed objects: a misspelt or invented field fails the check.
 */

const port = { type: 'integer', minimum: 1, maximum: 65535 };
const tag = { type: 'string', minLength: 1 };
const fingerprints = [
  'chrome',
  'firefox',
  'safari',
  'edge',
  'ios',
  'android',
  'random',
  'randomized',
  '360',
  'qq',
];

const tls = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'server_name'],
  properties: {
    enabled: { const: true },
    server_name: { type: 'string', minLength: 1 },
    alpn: { type: 'array', items: { type: 'string' } },
    utls: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'fingerprint'],
      properties: { enabled: { type: 'boolean' }, fingerprint: { enum: fingerprints } },
    },
    reality: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'public_key'],
      properties: {
        enabled: { type: 'boolean' },
        public_key: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
        short_id: { type: 'string', pattern: '^([0-9a-f]{2}){0,8}$' },
      },
    },
  },
};

const transport = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { const: 'ws' },
        path: { type: 'string', pattern: '^/' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'service_name'],
      properties: { type: { const: 'grpc' }, service_name: { type: 'string', minLength: 1 } },
    },
  ],
};

const server = { server: { type: 'string', minLength: 1 }, server_port: port, tag };

const outbound = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'outbounds'],
      properties: {
        type: { const: 'selector' },
        tag,
        outbounds: { type: 'array', minItems: 1, items: tag },
        default: tag,
        interrupt_exist_connections: { type: 'boolean' },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'outbounds'],
      properties: {
        type: { const: 'urltest' },
        tag,
        outbounds: { type: 'array', minItems: 1, items: tag },
        url: { type: 'string', pattern: '^https?://' },
        interval: { type: 'string', pattern: '^\\d+(ms|s|m|h)$' },
        tolerance: { type: 'integer', minimum: 0 },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag'],
      properties: { type: { const: 'direct' }, tag },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'server', 'server_port', 'uuid', 'tls'],
      properties: {
        type: { const: 'vless' },
        ...server,
        uuid: {
          type: 'string',
          pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
        },
        flow: { const: 'xtls-rprx-vision' },
        tls,
        transport,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'server', 'server_port', 'uuid'],
      properties: {
        type: { const: 'vmess' },
        ...server,
        uuid: {
          type: 'string',
          pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
        },
        security: {
          enum: ['auto', 'none', 'zero', 'aes-128-gcm', 'chacha20-poly1305', 'aes-128-ctr'],
        },
        alter_id: { type: 'integer', minimum: 0 },
        tls,
        transport,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'server', 'server_port', 'password', 'tls'],
      properties: {
        type: { const: 'trojan' },
        ...server,
        password: { type: 'string', minLength: 1 },
        tls,
        transport,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'server', 'server_port', 'method', 'password'],
      properties: {
        type: { const: 'shadowsocks' },
        ...server,
        method: {
          enum: [
            '2022-blake3-aes-128-gcm',
            '2022-blake3-aes-256-gcm',
            '2022-blake3-chacha20-poly1305',
            'aes-128-gcm',
            'aes-256-gcm',
            'chacha20-ietf-poly1305',
            'none',
          ],
        },
        password: { type: 'string', minLength: 1 },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'server', 'server_port', 'password', 'tls'],
      properties: {
        type: { const: 'hysteria2' },
        ...server,
        up_mbps: { type: 'integer', minimum: 1 },
        down_mbps: { type: 'integer', minimum: 1 },
        obfs: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'password'],
          properties: { type: { const: 'salamander' }, password: { type: 'string', minLength: 1 } },
        },
        password: { type: 'string', minLength: 1 },
        tls,
      },
    },
  ],
};

const inbound = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'address'],
      properties: {
        type: { const: 'tun' },
        tag,
        address: {
          type: 'array',
          minItems: 1,
          items: { type: 'string', pattern: '^[0-9a-f.:]+/\\d{1,3}$' },
        },
        auto_route: { type: 'boolean' },
        strict_route: { type: 'boolean' },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'tag', 'listen', 'listen_port'],
      properties: { type: { const: 'mixed' }, tag, listen: { type: 'string' }, listen_port: port },
    },
  ],
};

const routeRule = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['action'],
      properties: { action: { const: 'sniff' } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['protocol', 'action'],
      properties: { protocol: { const: 'dns' }, action: { const: 'hijack-dns' } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['ip_is_private', 'outbound'],
      properties: { ip_is_private: { const: true }, outbound: tag },
    },
  ],
};

export const singboxSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  additionalProperties: false,
  required: ['outbounds', 'route'],
  properties: {
    log: {
      type: 'object',
      additionalProperties: false,
      properties: {
        level: { enum: ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'panic'] },
        timestamp: { type: 'boolean' },
      },
    },
    inbounds: { type: 'array', items: inbound },
    outbounds: { type: 'array', minItems: 1, items: outbound },
    route: {
      type: 'object',
      additionalProperties: false,
      required: ['final'],
      properties: {
        rules: { type: 'array', items: routeRule },
        final: tag,
        auto_detect_interface: { type: 'boolean' },
      },
    },
  },
} as const;
