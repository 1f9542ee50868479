import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button } from '../Button/Button.css.ts';
import { LinkComponentProvider, type LinkComponentProps } from '../Link/Link.tsx';
import { LinkButton } from './LinkButton.tsx';

function FakeRouterLink({ href, children, ...rest }: LinkComponentProps) {
  return (
    <a data-router="yes" href={`/app${href}`} {...rest}>
      {children}
    </a>
  );
}

describe('LinkButton', () => {
  it('is a link, through the router link the app gives', () => {
    render(
      <LinkComponentProvider component={FakeRouterLink}>
        <LinkButton href="/pricing">Buy a plan</LinkButton>
      </LinkComponentProvider>,
    );
    const link = screen.getByRole('link', { name: 'Buy a plan' });
    expect(link).toHaveAttribute('href', '/app/pricing');
    expect(link).toHaveAttribute('data-router', 'yes');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps anchor attributes such as download', () => {
    render(
      <LinkButton href="/files/nimbus.apk" download>
        Android APK
      </LinkButton>,
    );
    expect(screen.getByRole('link', { name: 'Android APK' })).toHaveAttribute('download');
  });

  it('opens an external site safely in a new tab and says so to screen readers', () => {
    render(
      <LinkComponentProvider component={FakeRouterLink}>
        <LinkButton href="https://apps.example" external externalLabel="(new tab)">
          App Store
        </LinkButton>
      </LinkComponentProvider>,
    );
    const link = screen.getByRole('link', { name: 'App Store (new tab)' });
    expect(link).toHaveAttribute('href', 'https://apps.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).not.toHaveAttribute('data-router');
  });

  it('looks like the button of the same variant and size', () => {
    render(
      <LinkButton href="/a" variant="secondary" size="lg">
        Link
      </LinkButton>,
    );
    const classes = screen.getByRole('link', { name: 'Link' }).classList;
    for (const name of button({ variant: 'secondary', size: 'lg' }).split(' '))
      expect(classes).toContain(name);
  });
});
