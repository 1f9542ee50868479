import { screen, within } from '@testing-library/react';
import { CommissionPurchaseType, CommissionSettlement, ReferralStatus } from '@nimbus/domain';
import { formatDate } from '@nimbus/i18n';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { CommissionTable, InvitationTable, SettlementTable } from './RecordTables.tsx';

const paging = { page: 1, pageSize: 10, setPage: vi.fn(), setPageSize: vi.fn() };
const base = { loading: false, paging, language: 'en' as const };
const day = Date.UTC(2026, 2, 3, 12);
const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

describe('CommissionTable', () => {
  test('has the spec fields: referred UID, package, paid, type, rate, commission, status, date', () => {
    renderInLanguage(
      <CommissionTable
        {...base}
        total={2}
        rows={[
          {
            referredUid: 'U900',
            package: '1 year Standard',
            amountPaidMinor: 5999,
            currency: 'USD',
            type: CommissionPurchaseType.FIRST_PURCHASE,
            referRate: 50,
            referAmountMinor: 2999,
            status: CommissionSettlement.UNSETTLED,
            date: day,
          },
          {
            referredUid: 'U901',
            package: '1 month Lite',
            amountPaidMinor: 599,
            currency: 'USD',
            type: CommissionPurchaseType.RENEWAL,
            referRate: 20,
            referAmountMinor: 119,
            status: CommissionSettlement.SETTLED,
            date: day,
          },
        ]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Referred UID',
      'Package',
      'Amount paid',
      'Type',
      'Rate',
      'Commission',
      'Status',
      'Date',
    ]);
    const [first, second] = screen.getAllByRole('row').slice(1);
    for (const text of [
      'U900',
      '1 year Standard',
      '$59.99',
      'First purchase',
      '50%',
      '$29.99',
      'Unsettled',
      formatDate(day, 'en'),
    ])
      expect(first).toHaveTextContent(text);
    for (const text of ['Renewal', '20%', '$1.19', 'Settled'])
      expect(second).toHaveTextContent(text);
  });

  test('empty: no commission yet', () => {
    renderInLanguage(<CommissionTable {...base} total={0} rows={[]} />);
    expect(
      screen.getByText('No commission yet. Share your link to start earning.'),
    ).toBeInTheDocument();
  });
});

describe('SettlementTable', () => {
  const row = {
    payoutDate: Date.UTC(2026, 3, 1),
    periodStart: Date.UTC(2026, 2, 1),
    periodEnd: Date.UTC(2026, 2, 31),
    amountMinor: 12_345,
    currency: 'USD',
    txHash: hash,
  };

  test('shows payout date, period, amount and the hash linked to the block explorer', () => {
    const config = {
      crypto: {
        networks: [
          { chainId: 1, name: 'Ethereum', explorerTxUrl: 'https://etherscan.io/tx/', tokens: [] },
        ],
      },
    };
    renderInLanguage(<SettlementTable {...base} total={1} rows={[row]} config={config} />);
    const cells = screen.getAllByRole('row')[1] as HTMLElement;
    expect(cells).toHaveTextContent(formatDate(row.payoutDate, 'en'));
    expect(cells).toHaveTextContent(
      `${formatDate(row.periodStart, 'en')} – ${formatDate(row.periodEnd, 'en')}`,
    );
    expect(cells).toHaveTextContent('$123.45');
    const link = within(cells).getByRole('link', { name: /0x5c504e…b22060/ });
    expect(link).toHaveAttribute('href', `https://etherscan.io/tx/${hash}`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  test('without an explorer the hash stays text; empty list says no payouts', () => {
    const { unmount } = renderInLanguage(
      <SettlementTable {...base} total={1} rows={[row]} config={null} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTitle(hash)).toHaveTextContent('0x5c504e…b22060');
    unmount();
    renderInLanguage(<SettlementTable {...base} total={0} rows={[]} config={null} />);
    expect(screen.getByText('No payouts yet.')).toBeInTheDocument();
  });
});

describe('InvitationTable', () => {
  test('shows referred UID, referral date and registered or paid', () => {
    renderInLanguage(
      <InvitationTable
        {...base}
        total={2}
        rows={[
          { referredUid: 'U1', referralDate: day, status: ReferralStatus.REGISTERED },
          { referredUid: 'U2', referralDate: day, status: ReferralStatus.PAID },
        ]}
      />,
    );
    const [a, b] = screen.getAllByRole('row').slice(1);
    expect(a).toHaveTextContent('Registered');
    expect(b).toHaveTextContent('Paid');
  });

  test('empty: nobody signed up yet', () => {
    renderInLanguage(<InvitationTable {...base} total={0} rows={[]} />);
    expect(screen.getByText('No one has signed up with your link yet.')).toBeInTheDocument();
  });
});

describe('CommissionTable with a refund after payout', () => {
  test('the negative line is marked reversed', () => {
    renderInLanguage(
      <CommissionTable
        {...base}
        total={1}
        rows={[
          {
            referredUid: 'U902',
            package: '1 year Standard',
            amountPaidMinor: -5999,
            currency: 'USD',
            type: CommissionPurchaseType.FIRST_PURCHASE,
            referRate: 50,
            referAmountMinor: -2999,
            status: CommissionSettlement.UNSETTLED,
            date: day,
          },
        ]}
      />,
    );
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('-$29.99');
    expect(row).toHaveTextContent('Reversed (refunded)');
  });
});
