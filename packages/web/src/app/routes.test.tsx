import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createWebI18n, loadNamespaces } from '../i18n/create-web-i18n.ts';
import { renderApp } from '../test-utils.tsx';
import { CHUNK_RELOAD_FLAG } from '../errors/chunk-reload.ts';
import { toRouteObjects } from './routes.tsx';

async function renderRoutes(page: () => Promise<{ default: () => React.JSX.Element }>) {
  const i18n = createWebI18n('en');
  await loadNamespaces(i18n, ['common']);
  const routes = toRouteObjects([{ path: '/', page, api: false }], {
    i18n,
    loadServices: () => Promise.reject(new Error('no API here')),
  });
  await renderApp(routes);
}

describe('lazy pages', () => {
  test('a page module that loads renders, and clears the reload flag', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    await renderRoutes(async () => ({ default: () => <h1>Loaded page</h1> }));
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });

  test('a page module that fails to load the first time reloads the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderRoutes(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).not.toBeNull();
    vi.unstubAllGlobals();
  });

  test('after the one reload, a page module that still fails shows the error page', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    await renderRoutes(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    expect(
      await screen.findByRole('heading', { name: 'Oops! An error occurred' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeInTheDocument();
  });
});
