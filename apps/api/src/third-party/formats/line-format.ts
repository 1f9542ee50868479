import { isSs2022, type ResolvedProxy } from '../../nodes/index.ts';

/**
 * What the line-based formats (Surge, Quantumult X, Loon) share: one proxy per line of
 * comma-separated fields, `key=value` options, names as the first or last field.
 */

/** A name safe inside a comma-separated line: commas and `=` would split or end the field. */
export const lineName = (name: string): string => name.replace(/[,=]/g, ' ').trim();

/** `host:port`, with an IPv6 host in brackets. */
export const hostPort = (host: string, port: number): string =>
  `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** A value quoted for Surge and Loon (they read `"..."` as one value, commas included). */
export const quoted = (value: string): string => `"${value.replace(/"/g, '')}"`;

/** The AEAD ciphers every line-based client reads; Shadowsocks 2022 only where named. */
export function shadowsocksReadable(
  proxy: Extract<ResolvedProxy, { protocol: 'shadowsocks' }>,
  { ss2022 }: { ss2022: boolean },
): boolean {
  return ss2022 || !isSs2022(proxy.method);
}

/** The options of a line, written as `key=value` and joined with ", ". */
export function options(entries: Array<[string, string | number | boolean | undefined]>): string[] {
  return entries
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`);
}
