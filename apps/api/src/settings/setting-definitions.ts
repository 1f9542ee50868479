import { FEATURES, type Feature } from '@nimbus/domain';
import { Type, type TSchema } from 'typebox';
import {
  ALERT_LANGUAGES,
  parseAlertLanguage,
  parseTelegramChat,
  TELEGRAM_CHAT,
  type AlertLanguage,
} from '../config/alerts-config.ts';
import type { Config } from '../config/env.ts';
import {
  HttpUrl,
  parseBooleanText,
  parseEmailText,
  parseInstantText,
  parseIntText,
  parseJsonText,
  parseUrlText,
} from '../config/settings.ts';
import {
  DownloadsSchema,
  FEATURE_ENV,
  MirrorsSchema,
  NoticesSchema,
  parseMirrorsText,
  type DownloadSetting,
  type MirrorSetting,
  type NoticeSetting,
} from '../config/site-config.ts';

/** One run-time setting: its type, its environment default and its text form. */
export interface SettingDefinition<T> {
  /** What it changes (`pnpm ops settings list`, the operator console). */
  description: string;
  /** The environment variable giving its default; `set` takes the same text it does. */
  env: string;
  /** Validates a value from the database or from an API. */
  schema: TSchema;
  /** Whether it may be null (`none` on the command line). */
  nullable: boolean;
  /** The default: the environment's value, else the built-in one. */
  fromConfig(config: Config): T;
  /** Its text form into a value; undefined with a problem (naming `name`) when invalid. */
  parse(text: string, name: string, problems: string[]): T | undefined;
}

const define = <T>(definition: SettingDefinition<T>): SettingDefinition<T> => definition;

const Instant = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
const NullableUrl = Type.Union([HttpUrl, Type.Null()]);

const FEATURE_DESCRIPTIONS: Record<Feature, string> = {
  trial: 'the free trial button',
  groupBuy: 'group buying (new groups, the group-buying page and its links)',
  cryptoPay: 'paying in cryptocurrency (where CRYPTO_NETWORKS is configured)',
  affiliate: "the affiliate programme's public pages and applications (KOLs keep their dashboard)",
  thirdParty: 'the third-party client subscription (existing links keep working)',
  benefits: "yearly members' benefits",
  redeem: 'redeem codes in the account centre',
  studentDiscount: "the student discount's FAQ entry and footer link",
};

const featureDefinitions = Object.fromEntries(
  FEATURES.map((feature) => [
    `features.${feature}`,
    define<boolean>({
      description: `switch: ${FEATURE_DESCRIPTIONS[feature]}`,
      env: FEATURE_ENV[feature].env,
      schema: Type.Boolean(),
      nullable: false,
      fromConfig: (c) => c.site.features[feature],
      parse: parseBooleanText,
    }),
  ]),
) as { [F in Feature as `features.${F}`]: SettingDefinition<boolean> };

const url = (env: string, description: string, pick: (c: Config) => string | null) =>
  define<string | null>({
    description,
    env,
    schema: NullableUrl,
    nullable: true,
    fromConfig: pick,
    parse: parseUrlText,
  });

const instant = (env: string, description: string, pick: (c: Config) => number | null) =>
  define<number | null>({
    description,
    env,
    schema: Instant,
    nullable: true,
    fromConfig: pick,
    parse: parseInstantText,
  });

/**
 * Every run-time setting. A key is `area.name`; its value is typed by its schema; without a
 * value set in the database it takes the environment's (the README lists every variable).
 * Another part of the server adds its settings here.
 */
export const SETTING_DEFINITIONS = {
  ...featureDefinitions,
  'groupBuy.startsAt': instant(
    'GROUP_BUY_STARTS_AT',
    'group buying opens (before: "not yet started")',
    (c) => c.site.groupBuy.startsAt,
  ),
  'groupBuy.endsAt': instant(
    'GROUP_BUY_ENDS_AT',
    'no new groups from then (running groups finish); the page counts down to it',
    (c) => c.site.groupBuy.endsAt,
  ),
  highlightProductId: define<number | null>({
    description: 'the plan the pricing page highlights (none: the recommended plan)',
    env: 'HIGHLIGHT_PRODUCT_ID',
    schema: Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()]),
    nullable: true,
    fromConfig: (c) => c.site.highlightProductId,
    parse: (text, name, problems) => parseIntText(text, name, 1, 1_000_000, problems),
  }),
  notices: define<NoticeSetting[]>({
    description:
      'site notices, JSON [{ id, level: info|warning, text: { en, zh-CN }, link, startsAt, endsAt }]',
    env: 'SITE_NOTICES',
    schema: NoticesSchema,
    nullable: false,
    fromConfig: (c) => c.site.notices,
    parse: (text, name, problems) => parseJsonText(text, name, NoticesSchema, problems),
  }),
  downloads: define<DownloadSetting[]>({
    description:
      'app downloads, JSON [{ platform, version, storeUrl, packageUrl, minSystem, releasedAt }]',
    env: 'APP_DOWNLOADS',
    schema: DownloadsSchema,
    nullable: false,
    fromConfig: (c) => c.site.downloads,
    parse: (text, name, problems) => parseJsonText(text, name, DownloadsSchema, problems),
  }),
  'support.email': define<string>({
    description: 'the support e-mail address the apps show',
    env: 'SUPPORT_EMAIL',
    schema: Type.String({ pattern: '^[^\\s@]+@[^\\s@]+$', maxLength: 254 }),
    nullable: false,
    fromConfig: (c) => c.site.supportEmail,
    parse: parseEmailText,
  }),
  'support.telegram': define<string | null>({
    description: 'the support Telegram link or handle',
    env: 'SUPPORT_TELEGRAM',
    schema: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
    nullable: true,
    fromConfig: (c) => c.site.supportTelegram,
    parse: (text, name, problems) => {
      if (text.length <= 200) return text;
      problems.push(`${name} must be at most 200 characters`);
      return undefined;
    },
  }),
  'links.blog': url('BLOG_URL', 'the blog link (header, More)', (c) => c.site.links.blog),
  'links.status': url('STATUS_URL', 'the status page link', (c) => c.site.links.status),
  'links.announcements': url(
    'ANNOUNCEMENTS_URL',
    'the announcements link (footer)',
    (c) => c.site.links.announcements,
  ),
  'links.githubMirrors': define<MirrorSetting[]>({
    description: 'GitHub mirrors (header, More): name=https://...,name=https://...',
    env: 'GITHUB_MIRRORS',
    schema: MirrorsSchema,
    nullable: false,
    fromConfig: (c) => c.site.links.githubMirrors,
    parse: parseMirrorsText,
  }),
  'payments.promoHoldMinutes': define<number>({
    description:
      'the checkout window of an order with a promo code, in minutes: its use is held that long (and the order expires then)',
    env: 'PROMO_HOLD_MINUTES',
    schema: Type.Integer({ minimum: 1, maximum: 24 * 60 }),
    nullable: false,
    fromConfig: (c) => c.payments.promoHoldMinutes,
    parse: (text, name, problems) => parseIntText(text, name, 1, 24 * 60, problems),
  }),
  'alerts.telegramChat': define<string | null>({
    description:
      'the Telegram chat operators get alerts in (a group id such as -1001234567890, or @channel); none: no alerts',
    env: 'ALERTS_TELEGRAM_CHAT',
    schema: Type.Union([Type.String({ pattern: TELEGRAM_CHAT.source }), Type.Null()]),
    nullable: true,
    fromConfig: (c) => c.alerts.telegramChat,
    parse: parseTelegramChat,
  }),
  'alerts.language': define<AlertLanguage>({
    description: 'the language of operator alerts (en or zh-CN)',
    env: 'ALERTS_LANGUAGE',
    schema: Type.Union(ALERT_LANGUAGES.map((l) => Type.Literal(l))),
    nullable: false,
    fromConfig: (c) => c.alerts.language,
    parse: parseAlertLanguage,
  }),
  'alerts.nodeOfflineMinutes': define<number>({
    description: 'minutes without a report before a node is alerted as offline (0: no node alerts)',
    env: 'ALERTS_NODE_OFFLINE_MINUTES',
    schema: Type.Integer({ minimum: 0, maximum: 24 * 60 }),
    nullable: false,
    fromConfig: (c) => c.alerts.nodeOfflineMinutes,
    parse: (text, name, problems) => parseIntText(text, name, 0, 24 * 60, problems),
  }),
  'alerts.payments': define<boolean>({
    description: 'alert when a payment provider fails to open a checkout or to refund',
    env: 'ALERTS_PAYMENTS',
    schema: Type.Boolean(),
    nullable: false,
    fromConfig: (c) => c.alerts.payments,
    parse: parseBooleanText,
  }),
  'alerts.disputes': define<boolean>({
    description: "alert when a buyer's bank takes a payment back (a dispute)",
    env: 'ALERTS_DISPUTES',
    schema: Type.Boolean(),
    nullable: false,
    fromConfig: (c) => c.alerts.disputes,
    parse: parseBooleanText,
  }),
  'kol.autoApprove': define<boolean>({
    description: 'approve KOL applications at once, at kol.defaultRatePercent',
    env: 'KOL_AUTO_APPROVE',
    schema: Type.Boolean(),
    nullable: false,
    fromConfig: (c) => c.kol.autoApprove,
    parse: parseBooleanText,
  }),
  'kol.defaultRatePercent': define<number>({
    description: 'first-purchase rate (25-100 %) of an approved KOL application',
    env: 'KOL_DEFAULT_RATE',
    schema: Type.Integer({ minimum: 25, maximum: 100 }),
    nullable: false,
    fromConfig: (c) => c.kol.defaultRatePercent,
    parse: (text, name, problems) => parseIntText(text, name, 25, 100, problems),
  }),
  'trial.invitedMinutes': define<number>({
    description:
      'the trial of a friend who registers with an invite code and a verified e-mail or phone, in minutes',
    env: 'INVITED_TRIAL_MINUTES',
    schema: Type.Integer({ minimum: 0, maximum: 60 * 24 * 365 }),
    nullable: false,
    fromConfig: (c) => c.invitedTrialMinutes,
    parse: (text, name, problems) => parseIntText(text, name, 0, 60 * 24 * 365, problems),
  }),
};

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export type SettingValue<K extends SettingKey> =
  (typeof SETTING_DEFINITIONS)[K] extends SettingDefinition<infer T> ? T : never;
export type SettingValues = { [K in SettingKey]: SettingValue<K> };

export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];

export const isSettingKey = (key: string): key is SettingKey =>
  Object.hasOwn(SETTING_DEFINITIONS, key);

/** The value of every setting from the environment (and built-in defaults). */
export function defaultSettings(config: Config): SettingValues {
  return Object.fromEntries(
    SETTING_KEYS.map((key) => [key, SETTING_DEFINITIONS[key].fromConfig(config)]),
  ) as SettingValues;
}
