// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { createI18n, setLanguage } from './create-i18n.ts';
import { I18nextProvider, Trans, useTranslation } from './index.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Pagination({ total }: { total: number }) {
  // Keys of other namespaces ("errors:...") type-check once their namespace is listed here.
  const { t } = useTranslation(['common', 'errors']);
  return (
    <p>
      <span data-testid="total">{t('pagination_total', { count: total })}</span>
      <span data-testid="per-page">{t('pagination_per_page')}</span>
      <span data-testid="error">{t('errors:account_locked', { minutes: 15 })}</span>
    </p>
  );
}

describe('createI18n', () => {
  test('is ready at once, in the language asked for', () => {
    const en = createI18n('en');
    expect(en.isInitialized).toBe(true);
    expect(en.language).toBe('en');
    expect(en.t('common:copied')).toBe('copied');
    expect(createI18n('zh-CN').t('common:copied')).toBe('已复制');
  });

  test('defaults to Chinese', () => {
    expect(createI18n().t('common:ended')).toBe('已结束');
  });

  test('instances are independent: one app switching language does not switch another', async () => {
    const a = createI18n('en');
    const b = createI18n('en');
    await a.changeLanguage('zh-CN');
    expect(a.t('common:ended')).toBe('已结束');
    expect(b.t('common:ended')).toBe('Ended');
  });

  test('plurals follow each language', () => {
    const en = createI18n('en');
    const zh = createI18n('zh-CN');
    expect(en.t('common:pagination_total', { count: 1 })).toBe('1 item in total');
    expect(en.t('common:pagination_total', { count: 3 })).toBe('3 items in total');
    expect(zh.t('common:pagination_total', { count: 1 })).toBe('共 1 条');
    expect(en.t('device:limit', { used: 2, count: 3 })).toBe('2 of 3 devices');
  });

  test('interpolated values are not HTML-escaped twice (React escapes them)', () => {
    expect(createI18n('en').t('device:unbind_confirm_title')).toBe('Unbind this device?');
    expect(createI18n('en').t('device:unbind_confirm_body', { name: "Tom's <Mac>" })).toContain(
      '"Tom\'s <Mac>"',
    );
  });
});

describe('with React', () => {
  test('useTranslation renders the catalogue and re-renders when the language changes', async () => {
    const i18n = createI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <Pagination total={2} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('total').textContent).toBe('2 items in total');
    expect(screen.getByTestId('per-page').textContent).toBe('/ page');
    expect(screen.getByTestId('error').textContent).toBe(
      'Too many failed attempts. Please try again in 15 min.',
    );

    await act(() => setLanguage(i18n, 'zh-CN'));
    expect(screen.getByTestId('total').textContent).toBe('共 2 条');
    expect(screen.getByTestId('per-page').textContent).toBe('条/页');
    expect(screen.getByTestId('error').textContent).toBe('尝试次数过多，请 15 分钟后再试');
    // The switch is remembered for the next visit and announced to assistive technology.
    expect(localStorage.getItem('language')).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  test('the agreement sentence renders its two links with Trans', () => {
    const i18n = createI18n('zh-CN');
    render(
      <I18nextProvider i18n={i18n}>
        <Trans
          ns="auth"
          i18nKey="agreement"
          components={{ terms: <a href="/clause/terms" />, privacy: <a href="/clause/privacy" /> }}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe(
      '/clause/terms',
    );
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe(
      '/clause/privacy',
    );
    expect(document.body.textContent).toBe('我已阅读并同意《用户协议》和《隐私政策》');
  });
});
