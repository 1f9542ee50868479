import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField.tsx';

describe('TextField', () => {
  it('labels the input', async () => {
    render(<TextField label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'a@b.co');
    expect(input).toHaveValue('a@b.co');
  });

  it('is valid and described by its hint when there is no error', () => {
    render(<TextField label="Invite code" hint="Optional" />);
    const input = screen.getByRole('textbox', { name: 'Invite code' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Optional');
  });

  it('wires an error message: aria-invalid and aria-describedby pointing at the message', () => {
    const { rerender } = render(
      <TextField label="Email" hint="We send a code" error="Invalid email address" />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We send a code Invalid email address');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Invalid email address',
    );

    rerender(<TextField label="Email" hint="We send a code" />);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Invalid email address')).toBeNull();
    expect(input).toHaveAccessibleDescription('We send a code');
  });

  it('keeps a caller-given id and aria-describedby', () => {
    render(
      <>
        <p id="extra">Extra</p>
        <TextField label="Name" id="name" aria-describedby="extra" error="Required" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('id', 'name');
    expect(input).toHaveAccessibleDescription('Extra Required');
  });
});
