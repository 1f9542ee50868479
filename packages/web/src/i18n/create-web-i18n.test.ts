import zhHome from '@nimbus/i18n/locales/zh-CN/home.json';
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

  test('a catalogue that came embedded is loaded in the new language before the switch', async () => {
    const i18n = createWebI18n('en', {
      initialResources: { en: { home: { hero_title: 'Embedded title' } } },
    });
    await loadNamespaces(i18n, ['common', 'home']);
    expect(i18n.t('home:hero_title')).toBe('Embedded title');
    let loadedWhenSwitched: boolean | undefined;
    i18n.on('languageChanged', () => {
      loadedWhenSwitched = i18n.hasResourceBundle('zh-CN', 'home');
    });
    await switchLanguage(i18n, 'zh-CN');
    expect(loadedWhenSwitched).toBe(true);
    expect(i18n.t('home:hero_title')).toBe(zhHome.hero_title);
  });

  test('embedded catalogues are used without a request', () => {
    const i18n = createWebI18n('en', {
      initialResources: { en: { common: { nav_pricing: 'Plans (embedded)' } } },
    });
    expect(i18n.t('common:nav_pricing')).toBe('Plans (embedded)');
  });
});
