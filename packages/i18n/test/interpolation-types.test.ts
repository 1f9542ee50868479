// The class of defect behind a raw "{{percent}}" on /pricing: a t() call that leaves out a
// variable of its text. The `@ts-expect-error` lines are the test: when the typecheck stops
// catching such a call, they become unused and `pnpm typecheck` fails.
import { createInstance } from 'i18next';
import { expect, test } from 'vitest';
import { baseOptions } from '../src/i18next-options.ts';
import { translate } from '../src/server.ts';

const i18n = createInstance();
void i18n.init(baseOptions('en'));
const t = i18n.t;

test('i18next t(): a missing or misnamed {{variable}} is a type error', () => {
  // @ts-expect-error -- {{percent}} is not passed
  expect(t('pricing:upgrade_desc')).toContain('{{percent}}');
  // @ts-expect-error -- a value under another name leaves {{percent}} raw
  expect(t('pricing:upgrade_desc', { pct: '50%' })).toContain('{{percent}}');
  expect(t('pricing:upgrade_desc', { percent: '50%' })).toContain('at 50%.');
  // A text without variables needs no options.
  expect(t('pricing:upgrade_title')).not.toContain('{{');
});

test('i18next t(): a plural text needs its count', () => {
  // @ts-expect-error -- {{count}} is not passed
  t('account:sessions_ended');
  expect(t('account:sessions_ended', { count: 1 })).toBe('1 session has been signed out.');
});

test('server translate(): a missing {{variable}} is a type error', () => {
  // @ts-expect-error -- {{percent}} is not passed
  expect(translate('en', 'pricing:upgrade_desc')).toContain('{{percent}}');
  // @ts-expect-error -- {{percent}} is not passed
  expect(translate('en', 'pricing:upgrade_desc', {})).toContain('{{percent}}');
  expect(translate('en', 'pricing:upgrade_desc', { percent: '50%' })).toContain('at 50%.');
  expect(translate('zh-CN', 'pricing:upgrade_title')).not.toContain('{{');
});
