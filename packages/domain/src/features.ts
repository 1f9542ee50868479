/**
 * The feature switches an operator turns on and off at run time (server settings
 * `features.<name>`). The display config serves them; the apps hide a switched-off feature's
 * entry points and the server refuses its calls (FEATURE_UNAVAILABLE).
 */
export const FEATURES = [
  /** The free trial button. */
  'trial',
  /** Group buying: new groups, the group-buying page and its links. */
  'groupBuy',
  /** Paying in cryptocurrency (only where crypto networks are configured). */
  'cryptoPay',
  /** The affiliate (KOL) programme's public pages and applications; KOLs keep their dashboard. */
  'affiliate',
  /** The third-party client subscription. */
  'thirdParty',
  /** Yearly members' benefits. */
  'benefits',
  /** Redeem codes in the account centre. */
  'redeem',
  /** The student discount's FAQ entry and footer link. */
  'studentDiscount',
] as const;

export type Feature = (typeof FEATURES)[number];

export type FeatureSwitches = Readonly<Record<Feature, boolean>>;

export const isFeature = (name: string): name is Feature =>
  (FEATURES as readonly string[]).includes(name);

/** Switches off unless the operator turns them on: the apps show them only once told so. */
export const OPT_IN_FEATURES: readonly Feature[] = ['studentDiscount'];

/**
 * Whether an app shows a feature's entry points. Before the switches arrive (pre-rendered HTML,
 * the first paint) a feature shows unless it is opt-in; once they arrive, the switch decides.
 */
export function featureShown(
  switches: Partial<FeatureSwitches> | undefined,
  feature: Feature,
): boolean {
  return switches?.[feature] ?? !OPT_IN_FEATURES.includes(feature);
}
