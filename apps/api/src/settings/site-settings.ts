import { FEATURES, type Feature, type FeatureSwitches } from '@nimbus/domain';
import type { SiteConfig } from '../config/site-config.ts';
import type { SettingValues } from './setting-definitions.ts';

/** What the apps are shown, in force now: the site configuration with the run-time settings. */
export interface SiteSettings extends SiteConfig {
  /** The trial of a friend who registers with an invite code. */
  invitedTrialMinutes: number;
}

/** The settings' values in the site configuration's shape. */
export function siteSettingsOf(v: SettingValues): SiteSettings {
  return {
    downloads: v.downloads,
    supportEmail: v['support.email'],
    supportTelegram: v['support.telegram'],
    groupBuy: { startsAt: v['groupBuy.startsAt'], endsAt: v['groupBuy.endsAt'] },
    links: {
      blog: v['links.blog'],
      status: v['links.status'],
      announcements: v['links.announcements'],
      githubMirrors: v['links.githubMirrors'],
    },
    notices: v.notices,
    features: featuresOf(v),
    highlightProductId: v.highlightProductId,
    invitedTrialMinutes: v['trial.invitedMinutes'],
  };
}

export function featuresOf(v: SettingValues): FeatureSwitches {
  return Object.fromEntries(FEATURES.map((f) => [f, v[`features.${f}`]])) as Record<
    Feature,
    boolean
  >;
}
