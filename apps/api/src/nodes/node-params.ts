import { realityPublicKeyOf } from './reality.ts';
import {
  NODE_ACCESS_LEVELS,
  vmessFieldErrors,
  type NodeProtocol,
  type ValidationError,
} from '@nimbus/domain';
import { Type, type Static, type TSchema } from 'typebox';

/**
 * What a node carries besides its address: the transport and TLS parameters of its protocol.
 * User credentials are not here: each member gets their own (the link UUID, @nimbus/domain
 * node-credentials), so a node
 * can tell members apart and apply the third-party speed limit per user.
 */

export { NODE_PROTOCOLS, type NodeProtocol } from '@nimbus/domain';

/** Which plan's members get a node; Standard members get Lite nodes too. */
export const NODE_ACCESS = NODE_ACCESS_LEVELS;
export type NodeAccess = (typeof NODE_ACCESS)[number];

const Hostname = Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' });
/** uTLS fingerprints both mihomo and sing-box know. */
export const Fingerprint = Type.Union(
  ['chrome', 'firefox', 'safari', 'edge', 'ios', 'android', 'random'].map((f) => Type.Literal(f)),
);
const Transport = Type.Union([
  Type.Object(
    {
      type: Type.Literal('ws'),
      path: Type.String({ pattern: '^/[\\x21-\\x7e]*$', maxLength: 200 }),
      host: Type.Optional(Hostname),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('grpc'),
      serviceName: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$' }),
    },
    { additionalProperties: false },
  ),
]);

export const VlessParams = Type.Object(
  {
    security: Type.Union([Type.Literal('reality'), Type.Literal('tls')]),
    sni: Hostname,
    flow: Type.Optional(Type.Literal('xtls-rprx-vision')),
    fingerprint: Type.Optional(Fingerprint),
    /**
     * REALITY: the server's X25519 public key (base64url, 32 bytes; derived from the private key
     * when not given) and a short id (hex, up to 16 digits).
     */
    realityPublicKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })),
    realityShortId: Type.Optional(Type.String({ pattern: '^([0-9a-f]{2}){0,8}$' })),
    /**
     * REALITY: the server's X25519 private key (base64url), for the node feed only (never in a
     * member's configuration). Without it V2bX derives its own, which will not match the public key.
     */
    realityPrivateKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })),
    /**
     * REALITY: the port of the target site, which is the SNI (443 unless given; reality.ts).
     * `realityDest` ("<sni>:<port>") is the older spelling of the same, still read.
     */
    realityTargetPort: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    realityDest: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9.-]{1,253}:[0-9]{1,5}$' })),
    transport: Type.Optional(Transport),
  },
  { additionalProperties: false },
);

/**
 * VMess as V2bX and XrayR run it: AEAD (alterId 0, the only value accepted; `alterId` may be
 * given to say so), TCP, WebSocket or gRPC, TLS optional (`tls: true` with the SNI on the node's
 * certificate; the node software reads its certificate from its own configuration).
 */
export const VmessParams = Type.Object(
  {
    tls: Type.Optional(Type.Boolean()),
    sni: Type.Optional(Hostname),
    fingerprint: Type.Optional(Fingerprint),
    alterId: Type.Optional(Type.Integer()),
    transport: Type.Optional(Transport),
  },
  { additionalProperties: false },
);

export const TrojanParams = Type.Object(
  {
    sni: Hostname,
    fingerprint: Type.Optional(Fingerprint),
    transport: Type.Optional(Transport),
  },
  { additionalProperties: false },
);

/**
 * Shadowsocks 2022 ciphers (multi-user with a server key) and the two classic AEAD ones (each
 * member with their own password, as V2bX and XrayR run them).
 */
export const SS_2022_METHODS = ['2022-blake3-aes-128-gcm', '2022-blake3-aes-256-gcm'] as const;
export const SS_CLASSIC_METHODS = ['aes-256-gcm', 'chacha20-ietf-poly1305'] as const;
export const ShadowsocksParams = Type.Object(
  {
    method: Type.Union([...SS_2022_METHODS, ...SS_CLASSIC_METHODS].map((m) => Type.Literal(m))),
    /**
     * 2022 ciphers: the server's key (base64 of 16 or 32 bytes, by cipher); each member adds their
     * own.
     */
    serverKey: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9+/]+={0,2}$' })),
  },
  { additionalProperties: false },
);

export const Hysteria2Params = Type.Object(
  {
    sni: Hostname,
    /** Salamander obfuscation password, when the node uses it. */
    obfsPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);

export type VlessParams = Static<typeof VlessParams>;
export type VmessParams = Static<typeof VmessParams>;
export type TrojanParams = Static<typeof TrojanParams>;
export type ShadowsocksParams = Static<typeof ShadowsocksParams>;
export type Hysteria2Params = Static<typeof Hysteria2Params>;
export type Transport = Static<typeof Transport>;
export type Fingerprint = Static<typeof Fingerprint>;

export interface ParamsOf {
  vless: VlessParams;
  vmess: VmessParams;
  trojan: TrojanParams;
  shadowsocks: ShadowsocksParams;
  hysteria2: Hysteria2Params;
}

export const PARAMS_SCHEMAS: Record<NodeProtocol, TSchema> = {
  vless: VlessParams,
  vmess: VmessParams,
  trojan: TrojanParams,
  shadowsocks: ShadowsocksParams,
  hysteria2: Hysteria2Params,
};

/** Key length in bytes of a Shadowsocks 2022 cipher. */
export const ss2022KeyBytes = (method: string): 16 | 32 =>
  method === '2022-blake3-aes-128-gcm' ? 16 : 32;
export const isSs2022 = (method: string) => (SS_2022_METHODS as readonly string[]).includes(method);

/** The English text of each VMess field problem (the ops commands print it; the console localises). */
const VMESS_PROBLEMS: Partial<Record<ValidationError, string>> = {
  vmess_alter_id_invalid:
    'alterId must be 0: VMess runs AEAD only (V2bX and XrayR add members with 0)',
  vmess_sni_required: 'vmess with tls needs sni (the name on the node certificate)',
  vmess_sni_without_tls: 'sni is only for vmess with tls (set "tls": true or leave sni out)',
  host_invalid: 'sni must be a hostname (clients present it as SNI, never an address)',
};

/** Rules across fields that a schema cannot say; each returned string is one problem. */
export function crossFieldProblems(
  protocol: NodeProtocol,
  params: ParamsOf[NodeProtocol],
): string[] {
  const problems: string[] = [];
  if (protocol === 'vless') {
    const p = params as VlessParams;
    if (p.security === 'reality') {
      const derived = p.realityPrivateKey ? realityPublicKeyOf(p.realityPrivateKey) : undefined;
      if (p.realityPrivateKey && !derived)
        problems.push('realityPrivateKey is not an X25519 key (xray x25519 prints one)');
      if (!p.realityPublicKey && !derived)
        problems.push('vless with reality needs realityPrivateKey (or at least realityPublicKey)');
      if (p.realityPublicKey && derived && p.realityPublicKey !== derived)
        problems.push('realityPublicKey is not the public key of realityPrivateKey');
      if (
        p.realityDest !== undefined &&
        p.realityDest.slice(0, p.realityDest.lastIndexOf(':')) !== p.sni
      )
        problems.push(
          'realityDest must be "<sni>:<port>": the REALITY target is the SNI (or give realityTargetPort)',
        );
      if (p.realityDest !== undefined && p.realityTargetPort !== undefined)
        problems.push('give realityTargetPort or realityDest, not both');
      if (!p.fingerprint) problems.push('vless with reality needs a fingerprint (uTLS)');
      if (p.transport?.type === 'ws') problems.push('reality does not carry WebSocket');
    } else if (
      p.realityPublicKey !== undefined ||
      p.realityShortId !== undefined ||
      p.realityPrivateKey !== undefined ||
      p.realityDest !== undefined ||
      p.realityTargetPort !== undefined
    ) {
      problems.push('reality keys are only for security "reality"');
    }
    if (p.flow !== undefined && p.transport !== undefined)
      problems.push('the vision flow needs a plain TCP transport');
  }
  if (protocol === 'vmess') {
    const p = params as VmessParams;
    problems.push(
      ...Object.values(vmessFieldErrors(p)).map((code) => VMESS_PROBLEMS[code] ?? code),
    );
    if (p.fingerprint !== undefined && p.tls !== true)
      problems.push('a fingerprint is only for vmess with tls');
  }
  if (protocol === 'shadowsocks') {
    const p = params as ShadowsocksParams;
    if (isSs2022(p.method)) {
      if (p.serverKey === undefined) problems.push(`${p.method} needs serverKey`);
      else if (Buffer.from(p.serverKey, 'base64').length !== ss2022KeyBytes(p.method))
        problems.push(`serverKey must be ${ss2022KeyBytes(p.method)} bytes for ${p.method}`);
    } else if (p.serverKey !== undefined) {
      problems.push('classic ciphers take no serverKey (each member has a password)');
    }
  }
  return problems;
}
