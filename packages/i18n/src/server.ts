/**
 * `@nimbus/i18n/server`: what the API server needs to localise `msg` and pre-render pages.
 * It loads i18next's core and the catalogues only, never React (a test enforces this).
 */
import { createInstance } from 'i18next';
import { baseOptions } from './i18next-options.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { type Catalogue, type Namespace } from './resources.ts';

export * from './format.ts';
export * from './header.ts';
export * from './languages.ts';
export { defaultNS, namespaces, resources, type Catalogue, type Namespace } from './resources.ts';

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
/** A catalogue key as callers write it: plural forms ("x_one", "x_other") are asked for as "x". */
type CallerKey<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;

/** Every key of every namespace in the `ns:key` form, checked at compile time. */
export type TranslationKey = {
  [N in Namespace]: `${N}:${CallerKey<keyof Catalogue[N] & string>}`;
}[Namespace];
/** A key of the `errors` namespace (one per API result code, plus network and the like). */
export type ErrorKey = CallerKey<keyof Catalogue['errors'] & string>;

/**
 * Interpolation values; `count` selects the plural form. Values are inserted as-is (no HTML
 * escaping).
 */
export type TranslateValues = Readonly<Record<string, string | number>>;

/** The English text of `ns:key` (of its `_other` form for a plural key), as a literal type. */
type TextOf<K> = K extends `${infer N extends Namespace}:${infer Key}`
  ? Key extends keyof Catalogue[N]
    ? Catalogue[N][Key]
    : `${Key}_other` extends keyof Catalogue[N]
      ? Catalogue[N][`${Key}_other`]
      : never
  : never;
type Trim<S> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;
/** `{{name}}`, `{{name, format}}` and `{{- name}}` all name `name`. */
type VariableName<V> = V extends `${infer Name},${string}`
  ? VariableName<Name>
  : V extends `-${infer Name}`
    ? Trim<Name>
    : Trim<V>;
/** The `{{variables}}` of a text. */
type VariablesOf<S> = S extends `${string}{{${infer V}}}${infer Rest}`
  ? VariableName<V> | VariablesOf<Rest>
  : never;
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/**
 * The values argument of `translate(language, key, ...)`: for one key written out, optional
 * when its text has no `{{variables}}`, else required with every one of them, so leaving one
 * out (which would show a raw `{{name}}`) is a type error. A key chosen at run time (a union)
 * cannot be tied to its values, and stays as before.
 */
export type TranslateArgs<K extends TranslationKey> =
  true extends IsUnion<K>
    ? [values?: TranslateValues]
    : [VariablesOf<TextOf<K>>] extends [never]
      ? [values?: TranslateValues]
      : [values: TranslateValues & Record<VariablesOf<TextOf<K>>, string | number>];

// One shared instance: the catalogues are static, and `lng` is passed per call, so concurrent
// requests in different languages never see each other's language.
const instance = createInstance();
void instance.init({ ...baseOptions(DEFAULT_LANGUAGE), initAsync: false });

// i18next's own `t` typing resolves keys through deep conditional types; our keys are already
// checked by TranslationKey, so the call goes through this plain signature.
const plainT = instance.t.bind(instance) as unknown as (
  key: string,
  options: Record<string, unknown>,
) => string;

/**
 * The text of `ns:key` in `language`: translate('en', 'errors:account_locked', { minutes: 15 }).
 */
export function translate<K extends TranslationKey>(
  language: Language,
  key: K,
  ...[values = {}]: TranslateArgs<K>
): string {
  return plainT(key, { ...values, lng: language });
}

/**
 * A `t` bound to one language, for a request handler: `const t = translator(lang);
 * t('errors:not_kol')`.
 */
export function translator(
  language: Language,
): <K extends TranslationKey>(key: K, ...values: TranslateArgs<K>) => string {
  return (key, ...values) => translate(language, key, ...values);
}

/** Whether the catalogue has this `ns:key` (in the language, or through the Chinese fallback). */
export function hasTranslation(key: string, language: Language = DEFAULT_LANGUAGE): boolean {
  return instance.exists(key, { lng: language });
}

/**
 * The message for an API result code's `key` (ErrorCode[...].key of @nimbus/api-sdk). A key
 * the catalogue does not know yet yields the generic "Something went wrong" message rather
 * than the raw key.
 */
export function errorMessage(
  language: Language,
  key: string,
  values: TranslateValues = {},
): string {
  const known = hasTranslation(`errors:${key}`, language);
  return plainT(known ? `errors:${key}` : 'errors:unknown', { ...values, lng: language });
}
