import { createHmac } from 'node:crypto';

/**
 * A member's own credentials for the nodes, derived (HMAC-SHA256) from a server key, the user
 * id and their active subscription token. Nothing extra is stored; resetting the link changes
 * them, so a leaked configuration stops working once the nodes learn the new set.
 */
export interface UserCredentials {
  /** VLESS user id, in UUID form. */
  uuid: string;
  /** Trojan and Hysteria2 password (base64url, 256 bits). */
  password: string;
  /** Shadowsocks 2022 user key of the cipher's length, base64. */
  ssUserKey(bytes: 16 | 32): string;
}

export function userCredentials(key: Buffer, userId: number, tokenHash: string): UserCredentials {
  const mac = (purpose: string) =>
    createHmac('sha256', key).update(`${purpose}:${userId}:${tokenHash}`).digest();
  const id = mac('uuid').subarray(0, 16);
  // RFC 9562 layout: version 8 (custom) and the variant bits, so strict parsers accept it.
  id[6] = ((id[6] ?? 0) & 0x0f) | 0x80;
  id[8] = ((id[8] ?? 0) & 0x3f) | 0x80;
  const hex = id.toString('hex');
  return {
    uuid: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    password: mac('password').toString('base64url'),
    ssUserKey: (bytes) => mac('ss2022').subarray(0, bytes).toString('base64'),
  };
}
