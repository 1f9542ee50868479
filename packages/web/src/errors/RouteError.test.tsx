import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../test-utils.tsx';
import { CHUNK_RELOAD_FLAG } from './chunk-reload.ts';
import { RouteErrorBoundary } from './RouteError.tsx';

function Boom({ error }: { error: Error }): never {
  throw error;
}

describe('the route error element', () => {
  test('shows the error page with title, suggestion, reload button and the message', async () => {
    await renderApp([
      {
        path: '/',
        element: (
          <RouteErrorBoundary>
            <Boom error={new Error('Kaboom 42')} />
          </RouteErrorBoundary>
        ),
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Oops! An error occurred' })).toBeInTheDocument();
    expect(screen.getByText(/refresh the page/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('Kaboom 42')).toBeInTheDocument();
  });

  test('an unknown path shows the not-found page with a way home', async () => {
    await renderApp([{ path: '/', element: <p>home</p> }], {
      url: '/nope',
    });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');
  });

  test('a page module that failed to load after the one reload shows the error page', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await renderApp([
      {
        path: '/',
        element: (
          <RouteErrorBoundary>
            <Boom error={error} />
          </RouteErrorBoundary>
        ),
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Oops! An error occurred' })).toBeInTheDocument();
  });
});
