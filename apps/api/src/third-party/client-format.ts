/** The configuration formats the subscription link serves. */
export const SUBSCRIPTION_FORMATS = [
  'clash',
  'singbox',
  'base64',
  'surge',
  'quantumultx',
  'loon',
] as const;
export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number];

const isFormat = (value: string): value is SubscriptionFormat =>
  (SUBSCRIPTION_FORMATS as readonly string[]).includes(value);

/**
 * User agents and their format, first match wins. Quantumult X sends its name URL-encoded
 * ("Quantumult%20X/1.5.0"). Stash reads Clash YAML; Shadowrocket, v2rayN, v2rayNG, Hiddify and
 * the rest read the base64 list of share links (the default). The Clash family comes before
 * sing-box: some mihomo front ends mention sing-box cores in their user agent too.
 */
const AGENTS: ReadonlyArray<[RegExp, SubscriptionFormat]> = [
  [/quantumult(%20|\s)?x/i, 'quantumultx'],
  [/\bsurge\b/i, 'surge'],
  [/\bloon\b/i, 'loon'],
  [/clash|mihomo|stash|flclash/i, 'clash'],
  [/sing-?box|\bsf[aimt]\b/i, 'singbox'],
];

/**
 * The format a download gets: the `format` query flag when given, otherwise by the client's
 * user agent (AGENTS), anything else -> base64. An unknown flag is undefined (answered 400).
 */
export function subscriptionFormat(
  flag: string | undefined,
  userAgent: string | undefined,
): SubscriptionFormat | undefined {
  if (flag !== undefined) return isFormat(flag) ? flag : undefined;
  const agent = userAgent ?? '';
  return AGENTS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'base64';
}
