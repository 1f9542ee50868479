import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '@nimbus/ui/link';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../test-utils.tsx';

describe('AppLink decides by path and the app', () => {
  test('in the marketing app, /pricing goes through the router and /user/profile is a full page load', async () => {
    const { router } = await renderApp([
      {
        path: '/',
        element: (
          <>
            <Link href="/pricing">Pricing</Link>
            <Link href="/user/profile">My account</Link>
          </>
        ),
      },
      { path: '/pricing', element: <h1>Pricing page</h1> },
    ]);
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute(
      'href',
      '/user/profile',
    );
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await userEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(await screen.findByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
    expect(router.location().pathname).toBe('/pricing');
  });

  test('in the account app (basename /user), /user/device is routed, /pricing and /user/kol are anchors', async () => {
    const { router } = await renderApp(
      [
        {
          path: '/profile',
          element: (
            <>
              <Link href="/user/device">Devices</Link>
              <Link href="/pricing">Pricing</Link>
              <Link href="/user/kol">KOL</Link>
            </>
          ),
        },
        { path: '/device', element: <h1>Devices page</h1> },
      ],
      { url: '/user/profile', basename: '/user' },
    );
    expect(screen.getByRole('link', { name: 'Devices' })).toHaveAttribute('href', '/user/device');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'KOL' })).toHaveAttribute('href', '/user/kol');
    await userEvent.click(screen.getByRole('link', { name: 'Devices' }));
    expect(await screen.findByRole('heading', { name: 'Devices page' })).toBeInTheDocument();
    expect(router.location().pathname).toMatch(/\/device$/);
  });
});
