import { createPrivateKey, createPublicKey } from 'node:crypto';
import { REALITY_TARGET_PORT_DEFAULT } from '@nimbus/domain';

/**
 * The REALITY target of a VLESS node, in one place (domain `RealityFields`): the site is the
 * node's SNI, the port `realityTargetPort` (443 unless given). The feed sends them as Xboard does
 * (`tls_settings.server_name`, `server_port` as a string) and V2bX and XrayR join them into Xray's
 * `dest` themselves. An older `realityDest` ("host:port", host = SNI) still gives its port.
 */
export function realityTargetPort(params: {
  realityTargetPort?: number | undefined;
  realityDest?: string | undefined;
}): number {
  if (params.realityTargetPort !== undefined) return params.realityTargetPort;
  const legacy = params.realityDest?.split(':').at(-1);
  return legacy === undefined ? REALITY_TARGET_PORT_DEFAULT : Number(legacy);
}

/**
 * The X25519 public key (base64url) of a REALITY private key as `xray x25519` prints them: what
 * members' clients need (`pbk`). Undefined when the text is not a 32-byte key.
 */
export function realityPublicKeyOf(privateKey: string): string | undefined {
  try {
    const key = createPrivateKey({
      key: { kty: 'OKP', crv: 'X25519', d: privateKey, x: '' },
      format: 'jwk',
    });
    const jwk = createPublicKey(key).export({ format: 'jwk' });
    return typeof jwk.x === 'string' ? jwk.x : undefined;
  } catch {
    return undefined;
  }
}
