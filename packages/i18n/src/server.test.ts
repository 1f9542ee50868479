import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  errorMessage,
  hasTranslation,
  languageFromRequest,
  translate,
  translator,
} from './server.ts';

describe('translate', () => {
  test('looks up ns:key in the language of the call', () => {
    expect(translate('en', 'errors:unauthorized')).toBe('Please log in to continue.');
    expect(translate('zh-CN', 'errors:unauthorized')).toBe('请先登录');
    expect(translate('en', 'common:ended')).toBe('Ended');
  });

  test('interpolates and pluralises', () => {
    expect(translate('en', 'errors:code_resend_too_soon', { seconds: 42 })).toBe(
      'Please wait 42s before requesting another code.',
    );
    expect(translate('zh-CN', 'errors:code_resend_too_soon', { seconds: 42 })).toBe(
      '请 42 秒后再获取验证码',
    );
    expect(translate('en', 'errors:third_party_cooldown', { date: 'Jan 12, 2026' })).toBe(
      'You can enable it again on Jan 12, 2026.',
    );
    expect(translate('en', 'reward:total_invited', { count: 1 })).toBe('1 friend invited');
    expect(translate('en', 'reward:total_invited', { count: 4 })).toBe('4 friends invited');
  });

  test('interleaved calls in both languages never leak into each other', () => {
    const results = Array.from({ length: 20 }, (_, i) =>
      translate(i % 2 ? 'en' : 'zh-CN', 'errors:group_full'),
    );
    expect(new Set(results.filter((_, i) => i % 2))).toEqual(new Set(['This group is full.']));
    expect(new Set(results.filter((_, i) => !(i % 2)))).toEqual(new Set(['该团已满员']));
  });

  test('translator binds one language, as a request handler uses it', () => {
    const t = translator(languageFromRequest({ language: 'en' }));
    expect(t('errors:not_kol')).toBe("You're not a KOL yet");
    expect(translator('zh-CN')('errors:account_locked', { minutes: 30 })).toBe(
      '尝试次数过多，请 30 分钟后再试',
    );
  });

  test('keys are checked at compile time', () => {
    // Never called: the point is that tsc rejects these lines without the expect-error markers.
    const typeOnly = () => {
      // @ts-expect-error a key that does not exist
      translate('en', 'errors:no_such_key');
      // @ts-expect-error a namespace that does not exist
      translate('en', 'nope:copied');
      // @ts-expect-error a language that does not exist
      translate('fr', 'common:copied');
      translate('en', 'common:pagination_total', { count: 2 });
    };
    expect(typeof typeOnly).toBe('function');
  });
});

describe('errorMessage', () => {
  test('localises an API result key', () => {
    expect(errorMessage('en', 'rate_limited')).toBe('Too many requests. Please try again later.');
    expect(errorMessage('zh-CN', 'device_id_invalid')).toBe('设备ID错误，请重试或联系客服');
    expect(errorMessage('en', 'account_locked', { minutes: 5 })).toBe(
      'Too many failed attempts. Please try again in 5 min.',
    );
  });

  test('a key the catalogue does not know gives a generic message, never the raw key', () => {
    expect(errorMessage('en', 'brand_new_code')).toBe(
      'Something went wrong. Please try again later.',
    );
    expect(errorMessage('zh-CN', 'brand_new_code')).toBe('出了点问题，请稍后重试');
    expect(hasTranslation('errors:brand_new_code')).toBe(false);
    expect(hasTranslation('errors:group_full', 'en')).toBe(true);
  });
});

test('the server entry never loads React', () => {
  // A fresh Node process records every module it resolves while importing server.ts
  // (Node runs the TypeScript source directly), so a React import anywhere below would show.
  const entry = new URL('./server.ts', import.meta.url).href;
  const script = `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
    const m = await import(${JSON.stringify(entry)});
    console.log(JSON.stringify({ seen, text: m.translate('en', 'common:ended') }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  const { seen, text } = JSON.parse(run.stdout) as { seen: string[]; text: string };
  expect(text).toBe('Ended');
  expect(seen.some((url) => url.includes('/i18next/'))).toBe(true);
  expect(seen.filter((url) => /\/(react|react-dom|react-i18next)\//.test(url))).toEqual([]);
});
