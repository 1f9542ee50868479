import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkComponentProps } from '../Link/Link.tsx';
import { Header } from './Header.tsx';
import { englishHeader } from './story-props.tsx';

describe('Header', () => {
  it('has a banner with a named main navigation, current page marked', () => {
    render(<Header {...englishHeader} />);
    const banner = screen.getByRole('banner');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(banner).getByRole('link', { name: 'Nimbus, Home' })).toHaveAttribute('href', '/');
  });

  it('logged out shows sign up and log in; logged in shows my account and log out', async () => {
    const { rerender } = render(<Header {...englishHeader} />);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();

    const onLogOut = vi.fn();
    rerender(
      <Header
        {...englishHeader}
        session={{
          loggedIn: true,
          account: { label: 'My account', href: '/user' },
          logOutLabel: 'Log out',
          onLogOut,
        }}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/user');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogOut).toHaveBeenCalledTimes(1);
  });

  it('the More disclosure opens, lists external links safely, and closes on Esc back to its button', async () => {
    const user = userEvent.setup();
    render(<Header {...englishHeader} />);
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Blog/ })).toBeNull();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const blog = screen.getByRole('link', { name: 'Blog (opens in a new tab)' });
    expect(blog).toHaveAttribute('rel', 'noopener noreferrer');
    await user.tab();
    expect(blog).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('the open menu is titled "Menu", not with the button\'s "Open menu"', async () => {
    const user = userEvent.setup();
    render(<Header {...englishHeader} menuLabel="Open menu" menuTitle="Menu" />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Open menu' })).toBeNull();
  });

  it('the mobile menu button reports aria-expanded and opens a drawer dialog that traps focus and closes on Esc', async () => {
    const user = userEvent.setup();
    render(<Header {...englishHeader} />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // The drawer is a lazy chunk: it shows once loaded.
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Group buying' })).toBeInTheDocument();
    expect(
      within(drawer).getByRole('link', { name: 'GitHub mirrors (opens in a new tab)' }),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    for (let step = 0; step < 15; step += 1) await user.tab();
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('closes the drawer when a link in it is followed, and renders links through the router link', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    const RouterLink = ({ href, onClick, children, ...rest }: LinkComponentProps) => (
      <a
        href={href}
        {...rest}
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
          onClick?.(event);
        }}
      >
        {children}
      </a>
    );
    render(<Header {...englishHeader} linkComponent={RouterLink} />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('link', { name: 'Download' }),
    );
    expect(navigate).toHaveBeenCalledWith('/download');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
