import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { LANGUAGES, type Language } from '../src/languages.ts';
import { namespaces, resources } from '../src/resources.ts';

/**
 * The catalogues are checked against each other so that no screen ever shows an English text
 * to a Chinese reader, a raw key, or a "{{var}}" that one language forgot.
 */

const localesDir = fileURLToPath(new URL('../locales/', import.meta.url));
type Flat = Record<string, string>;
const catalogue = (language: Language, ns: string): Flat =>
  (resources[language] as unknown as Record<string, Flat>)[ns] ?? {};

/** Values that are the same in both languages on purpose: names, and marks with no words. */
const SAME_IN_BOTH = new Set([
  'common:brand',
  'common:brand_vpn',
  'common:language_en',
  'common:language_zh_cn',
  'common:empty_value',
  'download:macos_title',
  'download:windows_title',
  'device:platform_ios',
  'device:platform_android',
  'device:platform_mac',
  'device:platform_windows',
  'meta:site_name',
  'admin-nodes:protocol_vless',
  'admin-nodes:protocol_vmess',
  'admin-nodes:protocol_trojan',
  'admin-nodes:protocol_shadowsocks',
  'admin-nodes:protocol_hysteria2',
  // A product name.
  'account:telegram_title',
]);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string): string => key.replace(PLURAL_SUFFIX, '');
const variables = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? '').sort();
const tags = (text: string): string[] =>
  [...text.matchAll(/<\/?([a-z][\w-]*)>/gi)].map((m) => m[0]).sort();

/** Groups a namespace's keys by caller key: "total_one" and "total_other" belong to "total". */
function grouped(flat: Flat): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of Object.keys(flat)) {
    const base = PLURAL_SUFFIX.test(key) ? baseKey(key) : key;
    groups.set(base, [...(groups.get(base) ?? []), key]);
  }
  return groups;
}

const rows = namespaces.flatMap((ns) =>
  Object.keys(catalogue('en', ns)).map((key) => ({ ns, key, id: `${ns}:${key}` })),
);

describe('namespaces', () => {
  test.each(LANGUAGES)(
    'every %s catalogue file is registered, and every namespace has a file',
    (language) => {
      const files = readdirSync(`${localesDir}${language}`)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...namespaces].sort());
    },
  );

  test.each(namespaces)('%s: the files are flat objects of strings, as bundled', (ns) => {
    for (const language of LANGUAGES) {
      const parsed: unknown = JSON.parse(
        readFileSync(`${localesDir}${language}/${ns}.json`, 'utf8'),
      );
      expect(parsed).toEqual(catalogue(language, ns));
      for (const value of Object.values(parsed as object)) expect(typeof value).toBe('string');
    }
  });

  test('the product covers every area the brief names', () => {
    expect(namespaces).toEqual(
      expect.arrayContaining([
        'common',
        'auth',
        'validation',
        'errors',
        'home',
        'pricing',
        'group-buy',
        'crypto',
        'download',
        'affiliate',
        'faq',
        'legal',
        'account',
        'device',
        'reward',
        'benefits',
        'third-party',
        'kol',
        'meta',
        'admin',
      ]),
    );
  });
});

describe.each(namespaces)('%s: en and zh-CN agree', (ns) => {
  const en = catalogue('en', ns);
  const zh = catalogue('zh-CN', ns);
  const enGroups = grouped(en);
  const zhGroups = grouped(zh);

  test('same keys', () => {
    expect([...zhGroups.keys()].sort()).toEqual([...enGroups.keys()].sort());
  });

  test('each language has exactly the plural forms its plural rules use', () => {
    for (const [language, groups] of [
      ['en', enGroups],
      ['zh-CN', zhGroups],
    ] as const) {
      const categories = new Intl.PluralRules(language)
        .resolvedOptions()
        .pluralCategories.map(String)
        .sort();
      for (const [base, keys] of groups) {
        const pluralOther = grouped(catalogue('en', ns))
          .get(base)
          ?.some((k) => PLURAL_SUFFIX.test(k));
        if (!pluralOther) {
          expect(keys, `${language} ${ns}:${base} is plural in one language only`).toEqual([base]);
          continue;
        }
        const forms = keys.map((k) => PLURAL_SUFFIX.exec(k)?.[1] ?? '(none)').sort();
        expect(forms, `${language} ${ns}:${base}`).toEqual(categories);
      }
    }
  });

  test('same interpolation variables and markup tags', () => {
    for (const [base, enKeys] of enGroups) {
      const enVars = [...new Set(enKeys.flatMap((k) => variables(en[k] ?? '')))].sort();
      const enTags = tags(en[enKeys[0] ?? ''] ?? '');
      for (const zhKey of zhGroups.get(base) ?? []) {
        const zhText = zh[zhKey] ?? '';
        expect([...new Set(variables(zhText))].sort(), `${ns}:${zhKey} variables`).toEqual(enVars);
        expect(tags(zhText), `${ns}:${zhKey} tags`).toEqual(enTags);
      }
    }
  });
});

describe('values', () => {
  test.each(rows)('$id is filled in both languages, without stray spaces', ({ ns, key }) => {
    for (const language of LANGUAGES) {
      const text = catalogue(language, ns)[key] ?? catalogue(language, ns)[baseKey(key) + '_other'];
      expect(text, `${language} ${ns}:${key}`).toBeTruthy();
      expect(text?.trim()).toBe(text);
    }
  });

  test('keys are usable with `ns:key` (no colon inside a key)', () => {
    for (const { key } of rows) expect(key).not.toContain(':');
  });

  // A value made only of placeholders and punctuation ("{{plan}} · {{duration}}") has no words to
  // translate.
  const wordless = (text: string): boolean =>
    text.replace(/\{\{[^}]*\}\}/g, '').replace(/[\s\p{P}\p{S}]/gu, '') === '';
  const translatable = rows.filter(
    ({ id, ns, key }) => !SAME_IN_BOTH.has(id) && !wordless(catalogue('en', ns)[key] ?? ''),
  );

  test.each(translatable)(
    '$id is translated: zh-CN differs from en and is written in Chinese',
    ({ ns, key }) => {
      const en = catalogue('en', ns)[key] ?? '';
      const zh =
        catalogue('zh-CN', ns)[key] ?? catalogue('zh-CN', ns)[baseKey(key) + '_other'] ?? '';
      expect(zh).not.toBe(en);
      expect(zh, `zh-CN ${ns}:${key}`).toMatch(/[\u3400-\u9fff]/);
    },
  );

  test('the allow-list of identical values names only existing keys', () => {
    const ids = new Set(rows.map((r) => r.id));
    for (const id of SAME_IN_BOTH) expect(ids.has(id), id).toBe(true);
  });

  test('Chinese uses full-width punctuation next to Chinese text', () => {
    const offenders = rows
      .map(({ ns, key }) => ({ id: `${ns}:${key}`, text: catalogue('zh-CN', ns)[key] ?? '' }))
      .filter(({ text }) => /[\u3400-\u9fff][,.!?;:(]|[)][\u3400-\u9fff]/.test(text));
    expect(offenders).toEqual([]);
  });

  test('Chinese addresses the reader consistently as 您', () => {
    const offenders = rows
      .map(({ ns, key }) => catalogue('zh-CN', ns)[key] ?? '')
      .filter((text) => text.includes('你'));
    expect(offenders).toEqual([]);
  });

  test('the product name stays "Nimbus" in Latin letters in Chinese', () => {
    const all = rows.map(({ ns, key }) => catalogue('zh-CN', ns)[key] ?? '').join('\n');
    expect(all).toContain('Nimbus');
    expect(all).not.toMatch(/宁巴斯|尼姆布斯|灵云/);
  });
});

describe('counts', () => {
  // "Downloaded 1 records.": a number shown beside a noun must choose the noun's form by
  // i18next's plural rules (`key_one`/`key_other` with `count`), never one fixed form.
  const COUNTED =
    /\{\{\s*(\w+)\s*\}\}\s+(?:more\s+)?(records?|items?|members?|sessions?|devices?|days?|links?|hours?|minutes?|seconds?|shares?|orders?|users?|invites?|people|nodes?|codes?|times|characters?|bytes?|confirmations?)\b/gi;
  /** Texts whose number is never 1: a limit from a constant, or a group of two or more. */
  const NEVER_ONE = new Set([
    'common:pagination_total_capped', // {{limit}}: the listing cap
    'mail:code_body', // {{minutes}}: the code's lifetime, 10
    'mail:code_sms',
    'mail:group_finished_body', // {{size}}: a group has 2 or more members
    'errors:node_traffic_implausible', // {{totalBytes}}, {{capacityBytes}}: machine figures
    'errors:node_report_too_large', // {{limitBytes}}: 16 KiB at least (domain nodeReportBodyLimit)
    'errors:node_type_mismatch', // "a {{nodeType}} node": a name, not a number
    'validation:text_too_long', // {{max}}: the limits of @nimbus/domain
    'validation:too_many_channel_links',
    'validation:benefit_name_invalid',
    'validation:benefit_link_invalid',
    'validation:benefit_account_invalid',
    'validation:benefit_password_invalid',
  ]);

  test('a text with {{count}} is a plural form (a "Label: {{count}}" figure aside)', () => {
    const wrong = rows.filter(({ ns, key }) => {
      const text = catalogue('en', ns)[key] ?? '';
      const counts = text.match(/\{\{\s*count\b/g)?.length ?? 0;
      const labelled = text.match(/:\s*\{\{\s*count\b/g)?.length ?? 0;
      return counts > labelled && !PLURAL_SUFFIX.test(key);
    });
    expect(wrong.map((r) => r.id)).toEqual([]);
  });

  test('a number beside a countable noun is a plural form', () => {
    const wrong = rows.filter(({ ns, key, id }) => {
      if (PLURAL_SUFFIX.test(key) || NEVER_ONE.has(id)) return false;
      return [...(catalogue('en', ns)[key] ?? '').matchAll(COUNTED)].length > 0;
    });
    expect(wrong.map((r) => r.id)).toEqual([]);
  });
});
