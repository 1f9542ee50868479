import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '@nimbus/i18n';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { RedeemCodeForm } from './RedeemCodeForm.tsx';

describe('RedeemCodeForm', () => {
  test('refuses an empty code without calling the server', async () => {
    const events = userEvent.setup();
    const onRedeem = vi.fn();
    renderInLanguage(<RedeemCodeForm onRedeem={onRedeem} language="en" />);
    await events.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByRole('textbox', { name: 'Redeem Code' })).toHaveAccessibleDescription(
      'Please enter your redeem code',
    );
    expect(onRedeem).not.toHaveBeenCalled();
  });

  test('redeems the code (trimmed, upper case) and shows the time added and the new expiry', async () => {
    const events = userEvent.setup();
    const standardExpireTime = Date.UTC(2026, 8, 1);
    const onRedeem = vi.fn().mockResolvedValue({
      productName: '30 days Standard',
      grantedSeconds: 30 * 86_400,
      standardExpireTime,
      liteExpireTime: 0,
    });
    renderInLanguage(<RedeemCodeForm onRedeem={onRedeem} language="en" />);
    await events.type(screen.getByRole('textbox', { name: 'Redeem Code' }), '  gift-2026 {Enter}');
    expect(onRedeem).toHaveBeenCalledWith('GIFT-2026');
    const status = await screen.findByText(/Redeemed!/);
    expect(status).toHaveTextContent('Redeemed! 30 days has been added to your account.');
    expect(
      screen.getByText(`Standard now expires on ${formatDate(standardExpireTime, 'en')}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Redeem Code' })).toHaveValue('');
  });

  test('keeps the code when the server refuses it', async () => {
    const events = userEvent.setup();
    const onRedeem = vi.fn().mockRejectedValue(new Error('used'));
    renderInLanguage(<RedeemCodeForm onRedeem={onRedeem} language="en" />);
    await events.type(screen.getByRole('textbox', { name: 'Redeem Code' }), 'USED1{Enter}');
    expect(onRedeem).toHaveBeenCalledOnce();
    expect(screen.getByRole('textbox', { name: 'Redeem Code' })).toHaveValue('USED1');
    expect(screen.queryByText(/Redeemed!/)).toBeNull();
  });
});
