import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';

describe('ApplicationForm', () => {
  test('shows the first problem at its field and sends nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderInLanguage(<ApplicationForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByRole('textbox', { name: 'Channel link 1' })).toHaveAccessibleDescription(
      'Add at least one link to a channel you publish on',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Channel link 1' }), 'https://t.me/x');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByRole('textbox', { name: 'Your audience' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('sends the links, the audience and the wallet', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderInLanguage(<ApplicationForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Channel link 1' }), 'https://t.me/x');
    await userEvent.click(screen.getByRole('button', { name: 'Add Another Link' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Channel link 2' }),
      'https://x.com/y',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove link 1' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your audience' }), 'Gamers');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payout network' }), 'base');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Payout wallet address' }),
      `0x${'ab'.repeat(20)}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(onSubmit).toHaveBeenCalledWith({
      links: ['https://x.com/y'],
      audience: 'Gamers',
      wallet: { network: 'base', address: `0x${'ab'.repeat(20)}` },
    });
  });
});
