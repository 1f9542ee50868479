// The catalogues, bundled: both languages together are small enough that loading them on
// demand would cost a request for no gain, and a synchronous `t` keeps first paint translated.
// To add a namespace: create locales/en/<ns>.json and locales/zh-CN/<ns>.json, import both here.
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enAuth from '../locales/en/auth.json' with { type: 'json' };
import enValidation from '../locales/en/validation.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import enHome from '../locales/en/home.json' with { type: 'json' };
import enPricing from '../locales/en/pricing.json' with { type: 'json' };
import enGroupBuy from '../locales/en/group-buy.json' with { type: 'json' };
import enCrypto from '../locales/en/crypto.json' with { type: 'json' };
import enDownload from '../locales/en/download.json' with { type: 'json' };
import enAffiliate from '../locales/en/affiliate.json' with { type: 'json' };
import enFaq from '../locales/en/faq.json' with { type: 'json' };
import enLegal from '../locales/en/legal.json' with { type: 'json' };
import enAccount from '../locales/en/account.json' with { type: 'json' };
import enDevice from '../locales/en/device.json' with { type: 'json' };
import enReward from '../locales/en/reward.json' with { type: 'json' };
import enBenefits from '../locales/en/benefits.json' with { type: 'json' };
import enThirdParty from '../locales/en/third-party.json' with { type: 'json' };
import enKol from '../locales/en/kol.json' with { type: 'json' };
import enMeta from '../locales/en/meta.json' with { type: 'json' };
import enMail from '../locales/en/mail.json' with { type: 'json' };
import enAdmin from '../locales/en/admin.json' with { type: 'json' };
import enAdminSetup from '../locales/en/admin-setup.json' with { type: 'json' };
import enAdminKol from '../locales/en/admin-kol.json' with { type: 'json' };
import enAdminGroups from '../locales/en/admin-groups.json' with { type: 'json' };
import enAdminNodes from '../locales/en/admin-nodes.json' with { type: 'json' };
import enAdminWebhooks from '../locales/en/admin-webhooks.json' with { type: 'json' };
import enTelegram from '../locales/en/telegram.json' with { type: 'json' };
import zhCommon from '../locales/zh-CN/common.json' with { type: 'json' };
import zhAuth from '../locales/zh-CN/auth.json' with { type: 'json' };
import zhValidation from '../locales/zh-CN/validation.json' with { type: 'json' };
import zhErrors from '../locales/zh-CN/errors.json' with { type: 'json' };
import zhHome from '../locales/zh-CN/home.json' with { type: 'json' };
import zhPricing from '../locales/zh-CN/pricing.json' with { type: 'json' };
import zhGroupBuy from '../locales/zh-CN/group-buy.json' with { type: 'json' };
import zhCrypto from '../locales/zh-CN/crypto.json' with { type: 'json' };
import zhDownload from '../locales/zh-CN/download.json' with { type: 'json' };
import zhAffiliate from '../locales/zh-CN/affiliate.json' with { type: 'json' };
import zhFaq from '../locales/zh-CN/faq.json' with { type: 'json' };
import zhLegal from '../locales/zh-CN/legal.json' with { type: 'json' };
import zhAccount from '../locales/zh-CN/account.json' with { type: 'json' };
import zhDevice from '../locales/zh-CN/device.json' with { type: 'json' };
import zhReward from '../locales/zh-CN/reward.json' with { type: 'json' };
import zhBenefits from '../locales/zh-CN/benefits.json' with { type: 'json' };
import zhThirdParty from '../locales/zh-CN/third-party.json' with { type: 'json' };
import zhKol from '../locales/zh-CN/kol.json' with { type: 'json' };
import zhMeta from '../locales/zh-CN/meta.json' with { type: 'json' };
import zhMail from '../locales/zh-CN/mail.json' with { type: 'json' };
import zhAdmin from '../locales/zh-CN/admin.json' with { type: 'json' };
import zhAdminSetup from '../locales/zh-CN/admin-setup.json' with { type: 'json' };
import zhAdminKol from '../locales/zh-CN/admin-kol.json' with { type: 'json' };
import zhAdminGroups from '../locales/zh-CN/admin-groups.json' with { type: 'json' };
import zhAdminNodes from '../locales/zh-CN/admin-nodes.json' with { type: 'json' };
import zhAdminWebhooks from '../locales/zh-CN/admin-webhooks.json' with { type: 'json' };
import zhTelegram from '../locales/zh-CN/telegram.json' with { type: 'json' };
import { type EnglishCatalogue } from './catalogue.generated.ts';
import { type Language } from './languages.ts';

const en = {
  common: enCommon,
  auth: enAuth,
  validation: enValidation,
  errors: enErrors,
  home: enHome,
  pricing: enPricing,
  'group-buy': enGroupBuy,
  crypto: enCrypto,
  download: enDownload,
  affiliate: enAffiliate,
  faq: enFaq,
  legal: enLegal,
  account: enAccount,
  device: enDevice,
  reward: enReward,
  benefits: enBenefits,
  'third-party': enThirdParty,
  kol: enKol,
  meta: enMeta,
  mail: enMail,
  admin: enAdmin,
  'admin-setup': enAdminSetup,
  'admin-kol': enAdminKol,
  'admin-groups': enAdminGroups,
  'admin-nodes': enAdminNodes,
  'admin-webhooks': enAdminWebhooks,
  telegram: enTelegram,
} satisfies Record<keyof EnglishCatalogue, Record<string, string>>;

/**
 * The English catalogue is the reference: its shape types every key, and its texts as literal
 * types (generated from the JSON, which TypeScript types as plain `string`) type every
 * `{{variable}}`, so a `t()` call that leaves one out fails the typecheck.
 */
export type Catalogue = EnglishCatalogue;
export type Namespace = keyof Catalogue;

// zh-CN has the same namespaces and keys, except plural forms: Chinese needs only `_other`
// where English has `_one` and `_other`. The catalogue tests check both against each other.
const zhCN: Record<Namespace, Record<string, string>> = {
  common: zhCommon,
  auth: zhAuth,
  validation: zhValidation,
  errors: zhErrors,
  home: zhHome,
  pricing: zhPricing,
  'group-buy': zhGroupBuy,
  crypto: zhCrypto,
  download: zhDownload,
  affiliate: zhAffiliate,
  faq: zhFaq,
  legal: zhLegal,
  account: zhAccount,
  device: zhDevice,
  reward: zhReward,
  benefits: zhBenefits,
  'third-party': zhThirdParty,
  kol: zhKol,
  meta: zhMeta,
  mail: zhMail,
  admin: zhAdmin,
  'admin-setup': zhAdminSetup,
  'admin-kol': zhAdminKol,
  'admin-groups': zhAdminGroups,
  'admin-nodes': zhAdminNodes,
  'admin-webhooks': zhAdminWebhooks,
  telegram: zhTelegram,
};

export const resources: Readonly<Record<Language, Catalogue>> = {
  en: en as unknown as Catalogue,
  // Typed as the English shape so that i18next's key types come from one reference.
  'zh-CN': zhCN as unknown as Catalogue,
};

/** Every namespace, in a stable order (common first). */
export const namespaces = Object.keys(en) as Namespace[];

/** Keys without a `ns:` prefix are looked up in `common`. */
export const defaultNS = 'common' satisfies Namespace;
