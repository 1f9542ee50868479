import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { NotFound } from '../NotFound/NotFound.tsx';
import { Main } from './Main.tsx';

describe('Main', () => {
  test('is the main landmark', () => {
    render(
      <Main className="page">
        <h1>Devices</h1>
      </Main>,
    );
    expect(screen.getByRole('main')).toHaveClass('page');
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Devices' }),
    );
  });

  test('a screen with its own Main inside a layout’s Main gives the page one landmark', () => {
    render(
      <Main>
        <NotFound title="Page not found" text="Nothing here." homeLabel="Back to homepage" />
      </Main>,
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Page not found' }),
    );
  });
});
