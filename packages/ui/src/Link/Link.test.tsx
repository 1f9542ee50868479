import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link, LinkComponentProvider, type LinkComponentProps } from './Link.tsx';

function FakeRouterLink({ href, children, ...rest }: LinkComponentProps) {
  return (
    <a data-router="yes" href={`/app${href}`} {...rest}>
      {children}
    </a>
  );
}

describe('Link', () => {
  it('renders an anchor by default', () => {
    render(<Link href="/pricing">Pricing</Link>);
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('renders through the router link given by the provider or the prop', () => {
    render(
      <LinkComponentProvider component={FakeRouterLink}>
        <Link href="/faq">FAQ</Link>
      </LinkComponentProvider>,
    );
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('data-router', 'yes');
    render(
      <Link href="/blog" linkComponent={FakeRouterLink}>
        Blog
      </Link>,
    );
    expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/app/blog');
  });

  it('opens external links safely in a new tab and says so to screen readers', () => {
    render(
      <LinkComponentProvider component={FakeRouterLink}>
        <Link href="https://x.test" external externalLabel="(new tab)">
          Status
        </Link>
      </LinkComponentProvider>,
    );
    const link = screen.getByRole('link', { name: 'Status (new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).not.toHaveAttribute('data-router');
  });
});
