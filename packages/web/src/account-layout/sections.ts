import { featureShown, type FeatureSwitches } from '@nimbus/domain';

/**
 * The account centre's sections, in navigation order. `href` is the full path: the KOL
 * dashboard is its own app under /user/kol (a full page load between it and the others).
 */
export const SECTIONS = [
  { href: '/user/profile', key: 'nav_profile' },
  { href: '/user/security', key: 'nav_security' },
  { href: '/user/device', key: 'nav_device' },
  { href: '/user/reward', key: 'nav_reward' },
  { href: '/user/group-buying', key: 'nav_group_buying' },
  { href: '/user/benefits', key: 'nav_benefits', feature: 'benefits' },
  { href: '/user/third-party', key: 'nav_third_party', feature: 'thirdParty' },
  { href: '/user/support', key: 'nav_support' },
  { href: '/user/kol', key: 'nav_kol' },
] as const;

export type SectionKey = (typeof SECTIONS)[number]['key'];

/** The sections shown: a section that belongs to a switched-off feature goes from the list. */
export function shownSections(switches: Partial<FeatureSwitches> | undefined) {
  return SECTIONS.filter((s) => !('feature' in s) || featureShown(switches, s.feature));
}

/** The section a path belongs to (its own page or one below it), for aria-current. */
export function isCurrentSection(sectionHref: string, pathname: string): boolean {
  return pathname === sectionHref || pathname.startsWith(`${sectionHref}/`);
}
