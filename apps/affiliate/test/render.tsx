import { render, type RenderResult } from '@testing-library/react';
import { createI18n, I18nextProvider, type Language } from '@nimbus/i18n';
import type { ReactElement } from 'react';

/**
 * Renders a screen part with the real catalogues in one language (the bundled ones: no network).
 */
export function renderInLanguage(ui: ReactElement, language: Language = 'en'): RenderResult {
  const i18n = createI18n(language);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
