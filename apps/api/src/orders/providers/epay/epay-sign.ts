import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The EPay (易支付) merchant signature: the parameters with a non-empty value, except `sign` and
 * `sign_type`, sorted by name (byte order), joined as `a=b&c=d` with their raw (not URL-encoded)
 * values, the merchant key appended, MD5 in lower-case hex.
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(`${text}${key}`, 'utf8').digest('hex');
}

/** Whether `params.sign` is the merchant's signature of the other parameters. */
export function epayVerify(params: Record<string, string>, key: string): boolean {
  const given = (params.sign ?? '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(epaySign(params, key), 'hex'));
}

/** Minor units (cents, fen) as the gateway's decimal money string: 1299 -> "12.99". */
export const moneyOf = (minor: number): string =>
  `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The gateway's decimal money string in minor units ("12.99", "13", "13.5"), or undefined. */
export function minorOf(money: string): number | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(money);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
