import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { InvitationRecords } from './InvitationRecords.tsx';
import { RewardRules } from './RewardRules.tsx';

const paging = { page: 1, pageSize: 10, setPage: vi.fn(), setPageSize: vi.fn() };

describe('InvitationRecords', () => {
  test('shows date, invitee, product and the bonus time or why there is none', () => {
    renderInLanguage(
      <InvitationRecords
        records={[
          {
            date: Date.UTC(2026, 1, 1),
            invitee: 'ab***@gmail.com',
            productName: '1 year Standard',
            bonusSeconds: 36 * 86_400,
          },
          {
            date: Date.UTC(2026, 1, 2),
            invitee: 'cd***@qq.com',
            productName: '1 month Lite',
            bonusSeconds: 0,
          },
          {
            date: Date.UTC(2026, 1, 3),
            invitee: 'ef***@163.com',
            productName: null,
            bonusSeconds: 0,
          },
          {
            date: Date.UTC(2026, 1, 4),
            invitee: 'gh***@outlook.com',
            productName: '1 year Standard',
            bonusSeconds: 0,
            bonusReversed: true,
          },
        ]}
        total={4}
        loading={false}
        paging={paging}
        language="en"
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('ab***@gmail.com');
    expect(rows[0]).toHaveTextContent('1 year Standard');
    expect(rows[0]).toHaveTextContent('36 days');
    expect(rows[1]).toHaveTextContent('Not granted: no active membership');
    expect(rows[2]).toHaveTextContent('Not purchased yet');
    expect(rows[3]).toHaveTextContent('Taken back: the purchase was refunded');
  });

  test('has an empty state that invites sharing', () => {
    renderInLanguage(
      <InvitationRecords records={[]} total={0} loading={false} paging={paging} language="en" />,
    );
    expect(
      screen.getByText('No invitations yet. Share your link to start earning bonus time.'),
    ).toBeInTheDocument();
  });
});

describe('RewardRules', () => {
  test('a KOL is told commission replaces bonus time, with the way to the dashboard', () => {
    renderInLanguage(
      <RewardRules referRatePercent={null} invitedTrialMinutes={180} isKol language="en" />,
    );
    expect(screen.getByText(/As a KOL, you earn commission/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the KOL Dashboard' })).toHaveAttribute(
      'href',
      '/user/kol',
    );
  });

  test('states the friend trial, the bonus share, the active-membership condition', () => {
    renderInLanguage(
      <RewardRules referRatePercent={null} invitedTrialMinutes={180} isKol={false} language="en" />,
    );
    const rules = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rules).toContain(
      'Friends who sign up with it and an e-mail address or phone number get a free trial of 3 hours.',
    );
    expect(rules).toContain(
      "When a friend makes their first purchase, you get a share of the plan's duration as bonus time.",
    );
    expect(rules).toContain('Bonus time is only granted while you have an active membership.');
  });

  test('with a known rate, says the percentage and a yearly example', () => {
    renderInLanguage(
      <RewardRules referRatePercent={10} invitedTrialMinutes={180} isKol={false} language="en" />,
    );
    expect(
      screen.getByText(
        "When a friend makes their first purchase, you get 10% of the plan's duration as bonus time.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('For example, if a friend buys a 12-month plan, you get 36 days 12 hours.'),
    ).toBeInTheDocument();
  });
});
