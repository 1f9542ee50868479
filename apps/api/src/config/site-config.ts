import { FEATURES, PLATFORM_HEADERS, type Feature, type FeatureSwitches } from '@nimbus/domain';
import { Type, type Static, type TSchema } from 'typebox';
import {
  HttpUrl,
  parseBooleanText,
  parseEmailText,
  parseInstantText,
  parseIntText,
  parseJsonText,
  parseUrlText,
  schemaProblem,
  type Setting,
} from './settings.ts';

/**
 * What the apps are shown (system_client_config, system_display_config): downloads, support,
 * links, notices, feature switches, the group-buy window and the highlighted plan. The
 * environment gives the defaults (parsed here, never from process.env); an operator changes each
 * at run time as a server setting (src/settings/), which takes the same text as its variable.
 */

const DownloadSchema = Type.Object(
  {
    platform: Type.Enum(PLATFORM_HEADERS),
    version: Type.String({ minLength: 1, maxLength: 32 }),
    storeUrl: Type.Union([HttpUrl, Type.Null()]),
    packageUrl: Type.Union([HttpUrl, Type.Null()]),
    minSystem: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
    releasedAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export const DownloadsSchema = Type.Array(DownloadSchema, { maxItems: 16 });
export type DownloadSetting = Static<typeof DownloadSchema>;

const NoticeText = Type.String({ minLength: 1, maxLength: 500 });
const NoticeSchema = Type.Object(
  {
    /** Kept by browsers to remember a dismissal: letters, digits, dot, dash, underscore. */
    id: Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$' }),
    level: Type.Enum(['info', 'warning'] as const),
    text: Type.Object({ en: NoticeText, 'zh-CN': NoticeText }, { additionalProperties: false }),
    /** A page of the site ('/pricing') or an http(s) URL. */
    link: Type.Union([
      Type.String({ pattern: '^(https?://[^\\s]+|/[^\\s]*)$', maxLength: 2000 }),
      Type.Null(),
    ]),
    startsAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    endsAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export const NoticesSchema = Type.Array(NoticeSchema, { maxItems: 20 });
export type NoticeSetting = Static<typeof NoticeSchema>;

export const MirrorsSchema = Type.Array(
  Type.Object(
    { name: Type.String({ minLength: 1, maxLength: 64 }), url: HttpUrl },
    { additionalProperties: false },
  ),
  { maxItems: 20 },
);
export type MirrorSetting = Static<typeof MirrorsSchema>[number];

export interface SiteConfig {
  downloads: DownloadSetting[];
  supportEmail: string;
  supportTelegram: string | null;
  groupBuy: { startsAt: number | null; endsAt: number | null };
  links: {
    blog: string | null;
    status: string | null;
    announcements: string | null;
    githubMirrors: MirrorSetting[];
  };
  notices: NoticeSetting[];
  /** Every switch of domain FEATURES (group buying is GROUP_BUY_ENABLED). */
  features: FeatureSwitches;
  highlightProductId: number | null;
}

/** The environment variable of each feature switch and its value when unset. */
export const FEATURE_ENV: Record<Feature, { env: string; fallback: boolean }> = {
  trial: { env: 'FEATURE_TRIAL', fallback: true },
  groupBuy: { env: 'GROUP_BUY_ENABLED', fallback: false },
  cryptoPay: { env: 'FEATURE_CRYPTO_PAY', fallback: true },
  affiliate: { env: 'FEATURE_AFFILIATE', fallback: true },
  thirdParty: { env: 'FEATURE_THIRD_PARTY', fallback: true },
  benefits: { env: 'FEATURE_BENEFITS', fallback: true },
  redeem: { env: 'FEATURE_REDEEM', fallback: true },
  studentDiscount: { env: 'FEATURE_STUDENT_DISCOUNT', fallback: false },
};

/** The apps' current versions when APP_DOWNLOADS is not set: no store or package links yet. */
export const DEFAULT_DOWNLOADS: DownloadSetting[] = [
  {
    platform: 'ios',
    version: '1.0.0',
    storeUrl: null,
    packageUrl: null,
    minSystem: 'iOS 15',
    releasedAt: null,
  },
  {
    platform: 'android',
    version: '1.0.0',
    storeUrl: null,
    packageUrl: null,
    minSystem: 'Android 8',
    releasedAt: null,
  },
  {
    platform: 'mac',
    version: '1.0.0',
    storeUrl: null,
    packageUrl: null,
    minSystem: 'macOS 12',
    releasedAt: null,
  },
  {
    platform: 'windows',
    version: '1.0.0',
    storeUrl: null,
    packageUrl: null,
    minSystem: 'Windows 10',
    releasedAt: null,
  },
];

/** `name=https://...,name=https://...` */
export function parseMirrorsText(
  text: string,
  name: string,
  problems: string[],
): MirrorSetting[] | undefined {
  const mirrors: MirrorSetting[] = [];
  let ok = true;
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const label = entry.slice(0, at).trim();
    const url = entry.slice(at + 1).trim();
    if (at <= 0 || schemaProblem(MirrorsSchema, [{ name: label, url }]) !== undefined) {
      problems.push(`${name} entry "${entry}" must be name=https://...`);
      ok = false;
    } else mirrors.push({ name: label, url });
  }
  return ok ? mirrors : undefined;
}

export function parseSiteConfig(get: Setting, problems: string[]): SiteConfig {
  const read = <T>(
    name: string,
    parse: (text: string, name: string, problems: string[]) => T | undefined,
    fallback: T,
  ): T => {
    const raw = get(name);
    return raw === undefined ? fallback : (parse(raw, name, problems) ?? fallback);
  };
  const json = <T>(name: string, schema: TSchema, fallback: T): T =>
    read(name, (text, n, p) => parseJsonText<T>(text, n, schema, p), fallback);
  const features = Object.fromEntries(
    FEATURES.map((f) => [f, read(FEATURE_ENV[f].env, parseBooleanText, FEATURE_ENV[f].fallback)]),
  ) as Record<Feature, boolean>;
  return {
    downloads: json('APP_DOWNLOADS', DownloadsSchema, DEFAULT_DOWNLOADS),
    supportEmail: read('SUPPORT_EMAIL', parseEmailText, 'support@localhost'),
    supportTelegram: get('SUPPORT_TELEGRAM') ?? null,
    groupBuy: {
      startsAt: read<number | null>('GROUP_BUY_STARTS_AT', parseInstantText, null),
      endsAt: read<number | null>('GROUP_BUY_ENDS_AT', parseInstantText, null),
    },
    links: {
      blog: read<string | null>('BLOG_URL', parseUrlText, null),
      status: read<string | null>('STATUS_URL', parseUrlText, null),
      announcements: read<string | null>('ANNOUNCEMENTS_URL', parseUrlText, null),
      githubMirrors: read('GITHUB_MIRRORS', parseMirrorsText, []),
    },
    notices: json('SITE_NOTICES', NoticesSchema, []),
    features,
    highlightProductId: read<number | null>(
      'HIGHLIGHT_PRODUCT_ID',
      (text, n, p) => parseIntText(text, n, 1, 1_000_000, p),
      null,
    ),
  };
}
