import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './Footer.tsx';

describe('Footer', () => {
  it('is a contentinfo landmark whose columns are navigations named by their headings', () => {
    render(
      <Footer
        columns={[
          {
            title: 'Legal',
            links: [
              { label: 'Terms', href: '/clause/terms' },
              { label: 'Canary', href: '/clause/canary' },
            ],
          },
          { title: 'Help', links: [{ label: 'FAQ', href: '/faq' }] },
        ]}
        copyright="© Nimbus"
      />,
    );
    const footer = screen.getByRole('contentinfo');
    const legal = within(footer).getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/clause/terms', '/clause/canary']);
    expect(within(footer).getByRole('navigation', { name: 'Help' })).toBeInTheDocument();
    expect(within(footer).getByText('© Nimbus')).toBeInTheDocument();
  });
});
