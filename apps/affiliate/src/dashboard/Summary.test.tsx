import { screen, within } from '@testing-library/react';
import type { KolSummary } from '@nimbus/api-sdk/contract';
import { describe, expect, test } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { NotKol } from './NotKol.tsx';
import { Summary } from './Summary.tsx';

const summary: KolSummary = {
  inviteCode: 'KOL777AB',
  inviteLink: '/register?ref=KOL777AB',
  firstPurchaseRatePercent: 50,
  renewalRatePercent: 20,
  currency: 'USD',
  pendingMinor: 2450,
  payableMinor: 6300,
  settledMinor: 10_000,
  payoutThresholdMinor: 10_000,
  invitedCount: 12,
  paidCount: 4,
};
const url = 'https://nimbus.example/register?ref=KOL777AB';

describe('Summary', () => {
  test('shows pending, payable and settled earnings and the progress to the $100 payout', () => {
    renderInLanguage(<Summary summary={summary} referralUrl={url} language="en" />);
    expect(screen.getByTestId('kol-pending')).toHaveTextContent('Pending$24.50');
    expect(screen.getByTestId('kol-payable')).toHaveTextContent('Payable$63.00');
    expect(screen.getByTestId('kol-settled')).toHaveTextContent('Settled$100.00');
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '63');
    expect(screen.getByText('$63.00 of $100.00 to your next payout')).toBeInTheDocument();
    expect(
      screen.getByText('You earn 50% on first purchases and 20% on renewals.'),
    ).toBeInTheDocument();
    expect(screen.getByText(url)).toBeInTheDocument();
  });

  test('at the threshold it says the payout is on its way', () => {
    renderInLanguage(
      <Summary summary={{ ...summary, payableMinor: 12_000 }} referralUrl={url} language="en" />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(
      screen.getByText("You've reached the payout threshold. Your payout is on its way."),
    ).toBeInTheDocument();
  });

  test('a clawback below zero never shows negative progress', () => {
    renderInLanguage(
      <Summary summary={{ ...summary, payableMinor: -500 }} referralUrl={url} language="en" />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(within(screen.getByTestId('kol-payable')).getByText('-$5.00')).toBeInTheDocument();
  });
});

describe('NotKol', () => {
  test('says "You\'re not a KOL yet" and leads to the affiliate landing page', () => {
    renderInLanguage(<NotKol />);
    expect(screen.getByRole('heading', { name: "You're not a KOL yet" })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Learn About the Affiliate Programme' }),
    ).toHaveAttribute('href', '/affiliate');
  });

  test('reads in Chinese', () => {
    renderInLanguage(<NotKol />, 'zh-CN');
    expect(screen.getByRole('heading', { name: '您还不是 KOL' })).toBeInTheDocument();
  });
});
