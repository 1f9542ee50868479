// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { createI18n, setLanguage } from './create-i18n.ts';
import { I18nextProvider } from './index.ts';
import { useLanguage } from './use-language.ts';

afterEach(cleanup);

function Shown() {
  return <p data-testid="language">{useLanguage()}</p>;
}

test('follows a language switch and falls back to the default for one that is not ours', async () => {
  const i18n = createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <Shown />
    </I18nextProvider>,
  );
  expect(screen.getByTestId('language').textContent).toBe('en');
  await act(() => setLanguage(i18n, 'zh-CN'));
  expect(screen.getByTestId('language').textContent).toBe('zh-CN');
  await act(() => i18n.changeLanguage('fr'));
  expect(screen.getByTestId('language').textContent).toBe('zh-CN');
});
