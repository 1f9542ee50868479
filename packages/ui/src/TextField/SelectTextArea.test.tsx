import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SelectField } from './SelectField.tsx';
import { TextAreaField } from './TextAreaField.tsx';

describe('TextAreaField', () => {
  it('labels the textarea and wires its error', async () => {
    render(<TextAreaField label="Audience" hint="Who follows you" error="Required" />);
    const input = screen.getByRole('textbox', { name: 'Audience' });
    await userEvent.type(input, 'Tech{enter}reviews');
    expect(input).toHaveValue('Tech\nreviews');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Who follows you Required');
  });
});

describe('SelectField', () => {
  it('offers the placeholder first, then the options, and picks by keyboard or pointer', async () => {
    render(
      <SelectField
        label="Network"
        placeholder="Choose a network"
        options={[
          { value: 'bsc', label: 'BNB Smart Chain' },
          { value: 'base', label: 'Base' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Network' });
    expect(select).toHaveValue('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a network',
      'BNB Smart Chain',
      'Base',
    ]);
    await userEvent.selectOptions(select, 'base');
    expect(select).toHaveValue('base');
    expect(select).not.toHaveAttribute('aria-invalid');
  });
});
