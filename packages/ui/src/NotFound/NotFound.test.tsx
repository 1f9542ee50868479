import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkComponentProps } from '../Link/Link.tsx';
import { NotFound } from './NotFound.tsx';

describe('NotFound', () => {
  it('has a heading and a back-to-homepage link through the app router', () => {
    const RouterLink = ({ href, children, ...rest }: LinkComponentProps) => (
      <a data-router="true" href={href} {...rest}>
        {children}
      </a>
    );
    render(
      <NotFound
        title="Page not found"
        text="Gone"
        homeLabel="Back to homepage"
        linkComponent={RouterLink}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Back to homepage' });
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveAttribute('data-router', 'true');
  });
});
