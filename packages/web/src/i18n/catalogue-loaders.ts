import type { Language, Namespace } from '@nimbus/i18n';

type CatalogueModule = { default: Record<string, string> };
type Loader = () => Promise<CatalogueModule>;

/**
 * One chunk per language and namespace: a page downloads only the catalogues it uses, in the
 * visitor's language (the bundled `resources` of @nimbus/i18n hold every namespace of both
 * languages, about 35 KB gzip: too much for first paint). Explicit imports, so the bundler
 * sees every chunk. Server-only namespaces (mail) are left out.
 * The i18n catalogue tests keep both languages complete.
 */
export const catalogueLoaders: Readonly<
  Record<Language, Readonly<Partial<Record<Namespace, Loader>>>>
> = {
  en: {
    common: () => import('@nimbus/i18n/locales/en/common.json'),
    auth: () => import('@nimbus/i18n/locales/en/auth.json'),
    validation: () => import('@nimbus/i18n/locales/en/validation.json'),
    errors: () => import('@nimbus/i18n/locales/en/errors.json'),
    home: () => import('@nimbus/i18n/locales/en/home.json'),
    pricing: () => import('@nimbus/i18n/locales/en/pricing.json'),
    'group-buy': () => import('@nimbus/i18n/locales/en/group-buy.json'),
    crypto: () => import('@nimbus/i18n/locales/en/crypto.json'),
    download: () => import('@nimbus/i18n/locales/en/download.json'),
    affiliate: () => import('@nimbus/i18n/locales/en/affiliate.json'),
    faq: () => import('@nimbus/i18n/locales/en/faq.json'),
    legal: () => import('@nimbus/i18n/locales/en/legal.json'),
    account: () => import('@nimbus/i18n/locales/en/account.json'),
    device: () => import('@nimbus/i18n/locales/en/device.json'),
    reward: () => import('@nimbus/i18n/locales/en/reward.json'),
    benefits: () => import('@nimbus/i18n/locales/en/benefits.json'),
    'third-party': () => import('@nimbus/i18n/locales/en/third-party.json'),
    kol: () => import('@nimbus/i18n/locales/en/kol.json'),
    meta: () => import('@nimbus/i18n/locales/en/meta.json'),
    admin: () => import('@nimbus/i18n/locales/en/admin.json'),
    'admin-setup': () => import('@nimbus/i18n/locales/en/admin-setup.json'),
    'admin-kol': () => import('@nimbus/i18n/locales/en/admin-kol.json'),
    'admin-groups': () => import('@nimbus/i18n/locales/en/admin-groups.json'),
    'admin-nodes': () => import('@nimbus/i18n/locales/en/admin-nodes.json'),
    'admin-webhooks': () => import('@nimbus/i18n/locales/en/admin-webhooks.json'),
  },
  'zh-CN': {
    common: () => import('@nimbus/i18n/locales/zh-CN/common.json'),
    auth: () => import('@nimbus/i18n/locales/zh-CN/auth.json'),
    validation: () => import('@nimbus/i18n/locales/zh-CN/validation.json'),
    errors: () => import('@nimbus/i18n/locales/zh-CN/errors.json'),
    home: () => import('@nimbus/i18n/locales/zh-CN/home.json'),
    pricing: () => import('@nimbus/i18n/locales/zh-CN/pricing.json'),
    'group-buy': () => import('@nimbus/i18n/locales/zh-CN/group-buy.json'),
    crypto: () => import('@nimbus/i18n/locales/zh-CN/crypto.json'),
    download: () => import('@nimbus/i18n/locales/zh-CN/download.json'),
    affiliate: () => import('@nimbus/i18n/locales/zh-CN/affiliate.json'),
    faq: () => import('@nimbus/i18n/locales/zh-CN/faq.json'),
    legal: () => import('@nimbus/i18n/locales/zh-CN/legal.json'),
    account: () => import('@nimbus/i18n/locales/zh-CN/account.json'),
    device: () => import('@nimbus/i18n/locales/zh-CN/device.json'),
    reward: () => import('@nimbus/i18n/locales/zh-CN/reward.json'),
    benefits: () => import('@nimbus/i18n/locales/zh-CN/benefits.json'),
    'third-party': () => import('@nimbus/i18n/locales/zh-CN/third-party.json'),
    kol: () => import('@nimbus/i18n/locales/zh-CN/kol.json'),
    meta: () => import('@nimbus/i18n/locales/zh-CN/meta.json'),
    admin: () => import('@nimbus/i18n/locales/zh-CN/admin.json'),
    'admin-setup': () => import('@nimbus/i18n/locales/zh-CN/admin-setup.json'),
    'admin-kol': () => import('@nimbus/i18n/locales/zh-CN/admin-kol.json'),
    'admin-groups': () => import('@nimbus/i18n/locales/zh-CN/admin-groups.json'),
    'admin-nodes': () => import('@nimbus/i18n/locales/zh-CN/admin-nodes.json'),
    'admin-webhooks': () => import('@nimbus/i18n/locales/zh-CN/admin-webhooks.json'),
  },
};
