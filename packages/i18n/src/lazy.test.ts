import { describe, expect, test } from 'vitest';
import { createLazyI18n, loadNamespaces } from './lazy.ts';
import { resources } from './resources.ts';

describe('lazy catalogues', () => {
  test('the first namespaces are loaded before the instance is returned', async () => {
    const i18n = await createLazyI18n('en', { namespaces: ['common', 'validation'] });
    expect(i18n.t('validation:invalid_email')).toBe('Invalid email address');
    expect(i18n.hasLoadedNamespace('pricing')).toBe(false);
  });

  test('another namespace loads on demand, in the chosen language', async () => {
    const i18n = await createLazyI18n('zh-CN');
    await loadNamespaces(i18n, ['errors']);
    expect(i18n.t('errors:network')).toBe(resources['zh-CN'].errors.network);
  });

  test("switching language loads that language's catalogues", async () => {
    const i18n = await createLazyI18n('zh-CN', { namespaces: ['validation'] });
    await i18n.changeLanguage('en');
    expect(i18n.t('validation:password_too_short')).toBe('Password must be at least 8 characters');
  });
});
