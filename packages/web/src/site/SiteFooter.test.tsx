import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { AppRoot } from '../app/AppRoot.tsx';
import { createWebI18n, loadNamespaces } from '../i18n/create-web-i18n.ts';
import { SiteFooter } from './SiteFooter.tsx';

afterEach(() => {
  vi.useRealTimers();
});

test('a page pre-rendered last year hydrates without a mismatch and shows this year', async () => {
  const i18n = createWebI18n('en');
  await loadNamespaces(i18n, ['common']);
  const tree = (
    <AppRoot i18n={i18n} basename="/">
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </AppRoot>
  );
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-31T12:00:00Z'));
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  expect(container.textContent).toContain('2026');

  vi.setSystemTime(new Date('2027-01-01T12:00:00Z'));
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(container.textContent).toContain('2027');
  expect(container.textContent).not.toContain('2026');
  container.remove();
});
