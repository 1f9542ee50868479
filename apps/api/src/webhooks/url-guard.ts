import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The server-side request forgery guard (README.md): a webhook URL may only reach the public
 * internet. Checked when an endpoint is saved AND when each delivery connects: the host is
 * resolved, every address checked, and the connection made to the checked address (the lookup
 * handed to http.request), so a DNS answer that changes in between (rebinding) gains nothing.
 * Outside production loopback is allowed, so tests and a developer's laptop can use a local
 * receiver; private, link-local and the other special ranges are refused everywhere.
 */

const special = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  special.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses, private ones too)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds IPv4 addresses)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  special.addSubnet(net, prefix, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d, ::a.b.c.d), as IPv4; others as they are. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (isIP(address) === 4) return { address, family: 'ipv4' };
  const lower = address.toLowerCase();
  const dotted = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return { address: dotted[1], family: 'ipv4' };
  const hex = /^::(?:ffff:(?:0:)?)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
  }
  return { address: lower, family: 'ipv6' };
}

/** Whether a connection to this IP address is allowed. */
export function isAllowedAddress(address: string, production: boolean): boolean {
  if (isIP(address) === 0) return false;
  const { address: a, family } = unmapped(address);
  if (loopback.check(a, family)) return !production;
  return !special.check(a, family);
}

export type UrlProblem =
  /** Not an absolute http(s) URL, or too long. */
  | 'invalid'
  /** http:// in production (only https there), user:password@ in the URL. */
  | 'not_allowed'
  /** The host does not resolve. */
  | 'unresolved'
  /** The host is or resolves to a loopback, private, link-local or other non-public address. */
  | 'not_public';

/** The checks of a URL alone (no DNS): undefined when its form is acceptable. */
export function urlFormProblem(raw: string, production: boolean): UrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  if (url.protocol === 'http:' && production) return 'not_allowed';
  if (url.username || url.password) return 'not_allowed';
  if (!url.hostname) return 'invalid';
  return undefined;
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses `hostname` resolves to, each checked: throws UrlRefused('not_public') when any
 * is refused (a host with one private address among public ones is refused: the resolver of
 * the moment picks), UrlRefused('unresolved') when there is none.
 */
export async function checkedAddresses(
  hostname: string,
  production: boolean,
): Promise<{ address: string; family: 4 | 6 }[]> {
  const host = bare(hostname);
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UrlRefused('unresolved');
    }
  }
  if (addresses.length === 0) throw new UrlRefused('unresolved');
  if (addresses.some((a) => !isAllowedAddress(a.address, production)))
    throw new UrlRefused('not_public');
  return addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

export class UrlRefused extends Error {
  constructor(readonly problem: UrlProblem) {
    super(`webhook URL refused: ${problem}`);
  }
}

/** The whole check of a URL as an endpoint is saved: undefined when it may be used. */
export async function webhookUrlProblem(
  raw: string,
  production: boolean,
): Promise<UrlProblem | undefined> {
  const form = urlFormProblem(raw, production);
  if (form) return form;
  try {
    await checkedAddresses(new URL(raw).hostname, production);
    return undefined;
  } catch (error) {
    if (error instanceof UrlRefused) return error.problem;
    throw error;
  }
}
