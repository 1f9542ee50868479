// The catalogues, bundled: both languages together are small enough that loading them on
// demand would cost a request for no gain, and a synchronous `t` keeps first paint translated.
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import enValidation from '../locales/en/validation.json' with { type: 'json' };
import zhErrors from '../locales/zh-CN/errors.json' with { type: 'json' };
import zhValidation from '../locales/zh-CN/validation.json' with { type: 'json' };
import { type Language } from './languages.ts';

const en = {
  errors: enErrors,
  validation: enValidation,
};

/** The English catalogue is the reference: its shape types every key. */
export type Catalogue = typeof en;
export type Namespace = keyof Catalogue;

// zh-CN must provide the same namespaces; key parity is checked by the catalogue tests.
const zhCN: Record<Namespace, Record<string, string>> = {
  errors: zhErrors,
  validation: zhValidation,
};

export const resources = {
  en,
  'zh-CN': zhCN as Catalogue,
} as const satisfies Record<Language, Catalogue>;

export const namespaces = Object.keys(en) as Namespace[];

export const defaultNS = 'common' as const;
