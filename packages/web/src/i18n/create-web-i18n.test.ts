import { describe, expect, test } from 'vitest';
import { createWebI18n, loadNamespaces, switchLanguage } from './create-web-i18n.ts';

describe('catalogues on demand', () => {
  test('common is loaded at start, a page namespace when asked, in the current language only', async () => {
    const i18n = createWebI18n('en');
    await loadNamespaces(i18n, ['common']);
    expect(i18n.t('common:nav_pricing')).toBe('Pricing');
    expect(i18n.hasResourceBundle('en', 'faq')).toBe(false);
    await loadNamespaces(i18n, ['faq']);
    expect(i18n.hasResourceBundle('en', 'faq')).toBe(true);
    expect(i18n.hasResourceBundle('zh-CN', 'common')).toBe(false);
  });

  test('switching language loads the namespaces in use, stores the choice and sets <html lang>', async () => {
    const i18n = createWebI18n('en');
    await loadNamespaces(i18n, ['common', 'pricing']);
    await switchLanguage(i18n, 'zh-CN');
    expect(i18n.t('common:nav_pricing')).toBe('价格');
    expect(i18n.hasResourceBundle('zh-CN', 'pricing')).toBe(true);
    expect(localStorage.getItem('language')).toBe('zh-CN');
    expect(document.cookie).toContain('language=zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  test('embedded catalogues are used without a request', () => {
    const i18n = createWebI18n('en', {
      initialResources: { en: { common: { nav_pricing: 'Plans (embedded)' } } },
    });
    expect(i18n.t('common:nav_pricing')).toBe('Plans (embedded)');
  });
});
