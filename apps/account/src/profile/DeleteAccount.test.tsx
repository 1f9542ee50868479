import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { DeleteAccount, codeTargetOf } from './DeleteAccount.tsx';

describe('codeTargetOf', () => {
  test.each([
    [
      { email: 'a@example.com', phone: '+8613800138000' },
      { channel: 'email', target: 'a@example.com' },
    ],
    [
      { email: null, phone: '+8613800138000' },
      { channel: 'phone', target: '+8613800138000' },
    ],
    [{ email: null, phone: null }, null],
  ])('%o -> %o', (user, expected) => {
    expect(codeTargetOf(user)).toEqual(expected);
  });
});

describe('DeleteAccount', () => {
  const open = async (props: Partial<Parameters<typeof DeleteAccount>[0]> = {}) => {
    const events = userEvent.setup();
    const onDelete = vi.fn().mockResolvedValue(null);
    const onSendCode = vi.fn().mockResolvedValue({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    renderInLanguage(
      <DeleteAccount
        codeTarget={{ channel: 'email', target: 'a@example.com' }}
        onSendCode={onSendCode}
        onDelete={onDelete}
        {...props}
      />,
    );
    await events.click(screen.getByRole('button', { name: 'Delete Account' }));
    return {
      events,
      onDelete,
      onSendCode,
      dialog: screen.getByRole('alertdialog', { name: 'Delete your account permanently?' }),
    };
  };

  test('says what is lost for good before anything happens', async () => {
    const { dialog, onDelete } = await open();
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toContain('Your remaining membership time, with no refund');
    expect(items).toContain('All devices bound to your account');
    expect(items).toContain('Your order history');
    expect(onDelete).not.toHaveBeenCalled();
  });

  test('asks for the password, then deletes with it', async () => {
    const { events, dialog, onDelete } = await open();
    await events.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    expect(
      within(dialog).getByLabelText('Enter your password to confirm'),
    ).toHaveAccessibleDescription('Please enter your password');
    expect(onDelete).not.toHaveBeenCalled();
    await events.type(
      within(dialog).getByLabelText('Enter your password to confirm'),
      'correct horse',
    );
    await events.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    expect(onDelete).toHaveBeenCalledWith({ password: 'correct horse' });
  });

  test('can confirm with a code sent to the account e-mail instead', async () => {
    const { events, dialog, onDelete, onSendCode } = await open();
    await events.click(
      within(dialog).getByRole('button', { name: 'Confirm with a verification code instead' }),
    );
    const field = within(dialog).getByLabelText(
      'Enter the verification code sent to a@example.com',
    );
    await events.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(onSendCode).toHaveBeenCalledWith({ channel: 'email', target: 'a@example.com' });
    await events.type(field, '12ab');
    await events.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    expect(field).toHaveAccessibleDescription('The verification code is 6 digits');
    await events.clear(field);
    await events.type(field, '123456');
    await events.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    expect(onDelete).toHaveBeenCalledWith({ code: '123456' });
  });

  test('a username-only account confirms with its password only', async () => {
    const { dialog } = await open({ codeTarget: null });
    expect(within(dialog).queryByRole('button', { name: /verification code/ })).toBeNull();
  });

  test('stays open when the server refuses the password', async () => {
    const onDelete = vi.fn().mockRejectedValue(new Error('InvalidCredentials'));
    const { events, dialog } = await open({ onDelete });
    await events.type(
      within(dialog).getByLabelText('Enter your password to confirm'),
      'wrong password',
    );
    await events.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
