import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageSection } from './PageSection.tsx';

describe('PageSection', () => {
  it('is the page heading with its lead and actions, then its content', () => {
    render(
      <PageSection
        title="My account"
        lead="Everything about you"
        actions={<button type="button">Renew</button>}
      >
        <p>Details</p>
      </PageSection>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByText('Everything about you')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew' })).toBeInTheDocument();
    expect(screen.getByText('Details')).toBeInTheDocument();
  });

  it('draws no empty lead or actions', () => {
    const { container } = render(<PageSection title="Devices">{null}</PageSection>);
    expect(container.querySelectorAll('p')).toHaveLength(0);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });
});
