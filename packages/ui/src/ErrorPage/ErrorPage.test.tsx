import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './ErrorPage.tsx';

describe('ErrorPage', () => {
  it('shows every text from props and reloads on the button', async () => {
    const onReload = vi.fn();
    render(
      <ErrorPage
        title="Oops! An error occurred"
        suggestion="Refresh the page"
        subtitle="Sorry"
        reloadLabel="Reload"
        errorMessage="TypeError: x"
        onReload={onReload}
      />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Oops! An error occurred' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Refresh the page')).toBeInTheDocument();
    expect(screen.getByText('Sorry')).toBeInTheDocument();
    expect(screen.getByText('TypeError: x')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
