import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '@nimbus/i18n';
import { describe, expect, test } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { BenefitItems } from './BenefitItems.tsx';
import { NoBenefits } from './NoBenefits.tsx';

describe('BenefitItems', () => {
  test('shows each account with copy, and the password only when asked', async () => {
    const events = userEvent.setup();
    renderInLanguage(
      <BenefitItems
        items={[
          {
            benefitId: 'b1',
            name: 'Streaming Plus',
            accountName: 'shared01@nimbus.example',
            password: 's3cret-Pass',
            link: 'https://streaming.example/login',
          },
        ]}
        loading={false}
      />,
    );
    const card = screen.getByRole('listitem');
    expect(card).toHaveTextContent('Streaming Plus');
    expect(card).toHaveTextContent('shared01@nimbus.example');
    expect(card).not.toHaveTextContent('s3cret-Pass');
    await events.click(within(card).getByRole('button', { name: 'Show password' }));
    expect(card).toHaveTextContent('s3cret-Pass');
    await events.click(within(card).getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('s3cret-Pass');
    expect(within(card).getByRole('link', { name: /Open/ })).toHaveAttribute(
      'href',
      'https://streaming.example/login',
    );
  });
});

describe('NoBenefits', () => {
  test('explains that benefits come with a yearly plan and links to pricing', () => {
    renderInLanguage(
      <NoBenefits
        state={{ kind: 'none' }}
        offers={[{ benefitId: 'b1', name: 'Streaming Plus', link: 'https://streaming.example' }]}
        language="en"
      />,
    );
    expect(
      screen.getByText('Benefits are included with an active yearly plan.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Streaming Plus')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Yearly Plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  test('tells a former yearly member when the benefits ended', () => {
    const at = Date.UTC(2025, 11, 31);
    renderInLanguage(<NoBenefits state={{ kind: 'expired', at }} offers={[]} language="en" />);
    expect(
      screen.getByText(
        `Your benefits expired on ${formatDate(at, 'en')}. Renew a yearly plan to get them back.`,
      ),
    ).toBeInTheDocument();
  });
});
