/** The configuration formats the subscription link serves. */
export const SUBSCRIPTION_FORMATS = ['clash', 'singbox', 'base64'] as const;
export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number];

const isFormat = (value: string): value is SubscriptionFormat =>
  (SUBSCRIPTION_FORMATS as readonly string[]).includes(value);

// Clash family first: some mihomo front ends mention sing-box cores in their user agent too.
const CLASH_AGENTS = /clash|mihomo|stash|flclash/i;
const SINGBOX_AGENTS = /sing-?box|\bsf[aimt]\b/i;

/**
 * The format a download gets: the `format` query flag when given, otherwise by the client's
 * user agent (Clash/mihomo/Stash -> clash, sing-box/SFA/SFI/SFM/SFT -> singbox, anything else,
 * Shadowrocket and v2rayN included -> base64). An unknown flag is undefined (answered 400).
 */
export function subscriptionFormat(
  flag: string | undefined,
  userAgent: string | undefined,
): SubscriptionFormat | undefined {
  if (flag !== undefined) return isFormat(flag) ? flag : undefined;
  const agent = userAgent ?? '';
  if (CLASH_AGENTS.test(agent)) return 'clash';
  if (SINGBOX_AGENTS.test(agent)) return 'singbox';
  return 'base64';
}
