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
const NOW = Date.UTC(2026, 10, 26, 12);

describe('Summary', () => {
  test('shows pending, payable and settled earnings and the progress to the $100 payout', () => {
    renderInLanguage(<Summary summary={summary} referralUrl={url} language="en" now={NOW} />);
    expect(screen.getByTestId('kol-pending')).toHaveTextContent('Pending$24.50');
    expect(screen.getByTestId('kol-payable')).toHaveTextContent('Payable$63.00');
    expect(screen.getByTestId('kol-settled')).toHaveTextContent('Settled$100.00');
    const bar = screen.getByRole('progressbar');
    // Held and payable count towards the payout, as the spec's "pending earnings reach $100".
    expect(bar).toHaveAttribute('aria-valuenow', '87');
    expect(screen.getByText('$87.50 of $100.00 to your next payout')).toBeInTheDocument();
    expect(
      screen.getByText('You earn 50% on first purchases and 20% on renewals.'),
    ).toBeInTheDocument();
    expect(screen.getByText(url)).toBeInTheDocument();
  });

  test('the progress and "Earn … more" count the same money', () => {
    renderInLanguage(
      <Summary
        summary={{ ...summary, pendingMinor: 5258, payableMinor: 0, nextPayoutAt: null }}
        referralUrl={url}
        language="en"
        now={NOW}
      />,
    );
    // Not "$0.00 of $100.00" next to "Earn $47.42 more".
    expect(screen.getByText('$52.58 of $100.00 to your next payout')).toBeInTheDocument();
    expect(screen.getByTestId('kol-next-payout')).toHaveTextContent(
      'Earn $47.42 more to reach the payout threshold.',
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '52');
  });

  test("promises the audience the invited friend's trial, and cuts the link to one row", () => {
    renderInLanguage(
      <Summary
        summary={summary}
        referralUrl={url}
        language="en"
        now={NOW}
        invitedTrialMinutes={180}
      />,
    );
    expect(screen.getByTestId('kol-audience-trial')).toHaveTextContent(
      'People who sign up with your link get a free trial of 3 hours.',
    );
    // The UI kit's one-row Ellipsis (spec section 9) holds the long link.
    expect(screen.getByText(url).style.webkitLineClamp).toBe('1');
  });

  test('at the threshold it says the payout is on its way', () => {
    renderInLanguage(
      <Summary
        summary={{ ...summary, payableMinor: 12_000 }}
        referralUrl={url}
        language="en"
        now={NOW}
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(
      screen.getByText("You've reached the payout threshold. Your payout is on its way."),
    ).toBeInTheDocument();
  });

  test('at the threshold without a payout wallet it asks for one, in both languages', () => {
    const noWallet = { ...summary, payableMinor: 12_000, wallet: null };
    const { unmount } = renderInLanguage(
      <Summary summary={noWallet} referralUrl={url} language="en" now={NOW} />,
    );
    expect(
      screen.getByText(
        "You've reached the payout threshold. Add a payout wallet below so we can pay you.",
      ),
    ).toBeInTheDocument();
    unmount();
    renderInLanguage(
      <Summary summary={noWallet} referralUrl={url} language="zh-CN" now={NOW} />,
      'zh-CN',
    );
    expect(
      screen.getByText('已达到打款门槛。请在下方添加收款钱包，以便我们向您打款。'),
    ).toBeInTheDocument();
  });

  test('a clawback below zero never shows negative progress', () => {
    renderInLanguage(
      <Summary
        summary={{ ...summary, pendingMinor: 0, payableMinor: -500 }}
        referralUrl={url}
        language="en"
        now={NOW}
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(within(screen.getByTestId('kol-payable')).getByText('-$5.00')).toBeInTheDocument();
  });
});

const NEVER_APPLIED = { isKol: false, application: null, canApply: true, autoApprove: false };
const APPLICATION = {
  id: '7',
  status: 'declined' as const,
  links: ['https://youtube.com/@me'],
  audience: 'Tech reviews',
  wallet: { network: 'bsc' as const, address: `0x${'aa'.repeat(20)}` },
  submittedAt: NOW,
  decidedAt: NOW,
  declineReason: 'Please link a channel with an audience',
};

describe('NotKol', () => {
  test('says "You\'re not a KOL yet" and leads to the application and the landing page', () => {
    renderInLanguage(<NotKol state={NEVER_APPLIED} language="en" />);
    expect(screen.getByRole('heading', { name: "You're not a KOL yet" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to Join' })).toHaveAttribute(
      'href',
      '/user/kol/apply',
    );
    expect(
      screen.getByRole('link', { name: 'Learn About the Affiliate Programme' }),
    ).toHaveAttribute('href', '/affiliate');
  });

  test('shows an application under review, and a declined one with its reason', () => {
    const { unmount } = renderInLanguage(
      <NotKol
        state={{
          ...NEVER_APPLIED,
          canApply: false,
          application: { ...APPLICATION, status: 'pending', decidedAt: null, declineReason: null },
        }}
        language="en"
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'Your application is being reviewed' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply to Join' })).toBeNull();
    unmount();
    renderInLanguage(
      <NotKol state={{ ...NEVER_APPLIED, application: APPLICATION }} language="en" />,
    );
    expect(screen.getByText('Reason: Please link a channel with an audience')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply Again' })).toBeInTheDocument();
  });

  test('reads in Chinese', () => {
    renderInLanguage(<NotKol state={NEVER_APPLIED} language="zh-CN" />, 'zh-CN');
    expect(screen.getByRole('heading', { name: '您还不是 KOL' })).toBeInTheDocument();
  });
});

describe('the payout explanation', () => {
  test('uses the holding period of the server and says when the next payout can happen', () => {
    renderInLanguage(
      <Summary
        summary={{ ...summary, holdingDays: 14, nextPayoutAt: Date.UTC(2026, 11, 3) }}
        referralUrl={url}
        language="en"
        now={NOW}
      />,
    );
    expect(screen.getByTestId('kol-pending')).toHaveTextContent('becomes payable after 14 days');
    expect(screen.getByTestId('kol-unpaid')).toHaveTextContent(
      'Pending earnings: $87.50 ($24.50 still in the refund period, $63.00 payable after it).',
    );
    expect(screen.getByTestId('kol-next-payout')).toHaveTextContent(
      'Your next payout can be made from Dec 3, 2026.',
    );
    expect(
      screen.getByText(
        'We pay you once your pending earnings reach $100. Earnings count toward a payout once their 14-day refund period has passed.',
      ),
    ).toBeInTheDocument();
  });

  test('says how much more is needed when even the held earnings stay below $100', () => {
    renderInLanguage(
      <Summary
        summary={{ ...summary, nextPayoutAt: null }}
        referralUrl={url}
        language="en"
        now={NOW}
      />,
    );
    expect(screen.getByTestId('kol-next-payout')).toHaveTextContent(
      'Earn $12.50 more to reach the payout threshold.',
    );
  });
});
