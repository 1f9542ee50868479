import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '@nimbus/i18n';
import { describe, expect, test } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { AccountDetails, type AccountDetailsUser } from './AccountDetails.tsx';

const now = Date.UTC(2026, 0, 15, 12);
const user: AccountDetailsUser = {
  userId: 'U1234567',
  username: null,
  email: 'kate@example.com',
  phone: null,
  standardExpireTime: Date.UTC(2026, 6, 1),
  liteExpireTime: 0,
  inviteCode: 'K8XP2QRT',
  inviteLink: '/register?ref=K8XP2QRT',
};
const inviteUrl = 'https://nimbus.example/register?ref=K8XP2QRT';

describe('AccountDetails', () => {
  test('shows the user id, the account, the Standard expiry and that there is no Lite plan', () => {
    renderInLanguage(<AccountDetails user={user} inviteUrl={inviteUrl} now={now} language="en" />);
    expect(screen.getByText('U1234567')).toBeInTheDocument();
    expect(screen.getByText('kate@example.com')).toBeInTheDocument();
    const standard = screen.getByText('Standard expires').closest('div');
    expect(standard).toHaveTextContent(`Expires on ${formatDate(user.standardExpireTime, 'en')}`);
    expect(screen.getByText('Lite expires').closest('div')).toHaveTextContent('No active plan');
    expect(screen.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/pricing');
  });

  test('the invite link sits on one row with an ellipsis (spec section 9), copied whole', () => {
    renderInLanguage(<AccountDetails user={user} inviteUrl={inviteUrl} now={now} language="en" />);
    expect(screen.getByText(inviteUrl).style.webkitLineClamp).toBe('1');
  });

  test('a plan ending within a day reads its time and the time left, not a date', () => {
    const current = Date.now();
    renderInLanguage(
      <AccountDetails
        user={{ ...user, standardExpireTime: current + 3 * 3_600_000 }}
        inviteUrl={inviteUrl}
        now={current}
        language="en"
      />,
    );
    const standard = screen.getByText('Standard expires').closest('div');
    expect(standard).toHaveTextContent(
      /Expires at .+ · 2 hours 59 minutes left|Expires at .+ · 3 hours left/,
    );
    expect(standard).not.toHaveTextContent('Expires on');
  });

  test('an expired plan reads "Expired on" and a user without any plan is offered one', () => {
    const { unmount } = renderInLanguage(
      <AccountDetails
        user={{ ...user, standardExpireTime: now - 1000 }}
        inviteUrl={inviteUrl}
        now={now}
        language="en"
      />,
    );
    expect(screen.getByText('Standard expires').closest('div')).toHaveTextContent('Expired on');
    unmount();
    renderInLanguage(
      <AccountDetails
        user={{ ...user, standardExpireTime: 0 }}
        inviteUrl={inviteUrl}
        now={now}
        language="en"
      />,
    );
    expect(screen.getByText('Expiry date').closest('div')).toHaveTextContent('No active plan');
    expect(screen.getByRole('link', { name: 'Buy a Plan' })).toBeInTheDocument();
  });

  test('copies the invite link and says "copied", and shows it as a QR code', async () => {
    const events = userEvent.setup();
    renderInLanguage(<AccountDetails user={user} inviteUrl={inviteUrl} now={now} language="en" />);
    expect(screen.getByRole('img', { name: 'QR code of your invite link' })).toBeInTheDocument();
    const row = screen.getByText('Invite link').closest('div') as HTMLElement;
    expect(row).toHaveTextContent(inviteUrl);
    await events.click(within(row).getByRole('button', { name: 'Copy invite link' }));
    expect(await navigator.clipboard.readText()).toBe(inviteUrl);
    expect(within(row).getByRole('button', { name: 'copied' })).toBeInTheDocument();
  });

  test('reads in Chinese', () => {
    renderInLanguage(
      <AccountDetails user={user} inviteUrl={inviteUrl} now={now} language="zh-CN" />,
      'zh-CN',
    );
    expect(screen.getByText('用户ID')).toBeInTheDocument();
    expect(screen.getByText('标准版到期时间').closest('div')).toHaveTextContent(
      `${formatDate(user.standardExpireTime, 'zh-CN')} 到期`,
    );
  });
});
