/**
 * A member's node credentials, all derived from one UUID per member per subscription link, the
 * way node software (V2bX, XrayR) derives them from the `uuid` of the UniProxy user feed:
 * VLESS and VMess take the UUID as their id (VMess with alterId 0 and security "auto", as
 * V2bX and XrayR add the user); Trojan, Hysteria2 and classic Shadowsocks take the UUID text
 * as the password; a Shadowsocks 2022 user key is the base64 of the first 16 or 32 characters
 * of the UUID text (the cipher's key length), and the client's password is
 * "<server key>:<user key>". The subscription and the node compute the same values, so they
 * agree by construction.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a value is a UUID in the lower-case 8-4-4-4-12 form the feed and links carry. */
export function isNodeUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** VMess users: AEAD only (alterId 0), the cipher chosen by the client ("auto"). */
export const VMESS_ALTER_ID = 0;
export const VMESS_SECURITY = 'auto';

/** Key lengths in bytes of the Shadowsocks 2022 ciphers. */
export type Ss2022KeyBytes = 16 | 32;

export interface NodeCredentials {
  /** VLESS and VMess user id. */
  readonly uuid: string;
  /** Trojan, Hysteria2 and classic Shadowsocks password. */
  readonly password: string;
  /** Shadowsocks 2022 user key of the cipher's length, base64. */
  ssUserKey(bytes: Ss2022KeyBytes): string;
}

/** ASCII text to base64, without Buffer (the domain runs in browsers too). */
function asciiBase64(text: string): string {
  return btoa(text);
}

export function nodeCredentials(uuid: string): NodeCredentials {
  if (!isNodeUuid(uuid)) throw new RangeError(`Not a node UUID: ${uuid}`);
  return {
    uuid,
    password: uuid,
    ssUserKey: (bytes) => asciiBase64(uuid.slice(0, bytes)),
  };
}

/** The Shadowsocks 2022 client password: the node's server key, a colon, the member's key. */
export function ss2022Password(serverKey: string, uuid: string, bytes: Ss2022KeyBytes): string {
  return `${serverKey}:${nodeCredentials(uuid).ssUserKey(bytes)}`;
}
