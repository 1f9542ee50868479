import { act, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createSessionStore } from '../session/session-store.ts';
import { renderApp } from '../test-utils.tsx';
import { LoginAccessGuard, RequireAuth } from './guards.tsx';

describe('RequireAuth', () => {
  test('a logged-out visitor of a marketing page goes to /login with the way back', async () => {
    const store = createSessionStore('loggedOut');
    const { router } = await renderApp(
      [
        {
          path: '/pricing',
          element: (
            <RequireAuth store={store}>
              <h1>Secret</h1>
            </RequireAuth>
          ),
        },
        { path: '/login', element: <h1>Login page</h1> },
      ],
      { url: '/pricing?plan=2' },
    );
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.location().search).toBe(`?redirect=${encodeURIComponent('/pricing?plan=2')}`);
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
  });

  test('in the account app the login page is another app: a full page load with the full path', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: assign });
    const store = createSessionStore('loggedOut');
    await renderApp(
      [
        {
          path: '/device',
          element: (
            <RequireAuth store={store}>
              <h1>Devices</h1>
            </RequireAuth>
          ),
        },
      ],
      { url: '/user/device', basename: '/user' },
    );
    expect(assign).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/user/device')}`);
    vi.unstubAllGlobals();
  });

  test('waits while the session is checked, then shows the page', async () => {
    const store = createSessionStore('unknown');
    await renderApp([
      {
        path: '/',
        element: (
          <RequireAuth store={store}>
            <h1>Secret</h1>
          </RequireAuth>
        ),
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    act(() => store.setState('loggedIn', true));
    expect(screen.getByRole('heading', { name: 'Secret' })).toBeInTheDocument();
  });
});

describe('LoginAccessGuard', () => {
  test('a logged-out visitor sees the login form', async () => {
    const store = createSessionStore('loggedOut');
    await renderApp(
      [
        {
          path: '/login',
          element: (
            <LoginAccessGuard store={store}>
              <h1>Log in</h1>
            </LoginAccessGuard>
          ),
        },
      ],
      { url: '/login' },
    );
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  test('a logged-in visitor goes on to ?redirect= when it is a page of this app', async () => {
    const store = createSessionStore('loggedIn');
    const { router } = await renderApp(
      [
        {
          path: '/login',
          element: (
            <LoginAccessGuard store={store}>
              <h1>Log in</h1>
            </LoginAccessGuard>
          ),
        },
        { path: '/pricing', element: <h1>Pricing</h1> },
      ],
      { url: `/login?redirect=${encodeURIComponent('/pricing')}` },
    );
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(router.location().pathname).toBe('/pricing');
  });

  test('a logged-in visitor without a (safe) redirect goes to the account centre by a full page load', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: replace, replace });
    const store = createSessionStore('loggedIn');
    await renderApp(
      [
        {
          path: '/login',
          element: (
            <LoginAccessGuard store={store}>
              <h1>Log in</h1>
            </LoginAccessGuard>
          ),
        },
      ],
      { url: '/login?redirect=//evil.example' },
    );
    expect(replace).toHaveBeenCalledWith('/user/profile');
    expect(screen.queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
