import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { countryOptions } from './countries.ts';
import { PhoneField } from './PhoneField.tsx';

describe('PhoneField', () => {
  it('offers every country with its calling code, preferred countries first', () => {
    render(
      <PhoneField
        label="Phone"
        countrySelectLabel="Country code"
        preferredCountries={['CN', 'US']}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Country code' });
    const options = within(select).getAllByRole('option');
    expect(options.length).toBeGreaterThan(200);
    expect(options[0]).toHaveTextContent('China +86');
    expect(options[1]).toHaveTextContent('United States +1');
    expect(select).toHaveValue('CN');
  });

  it('changes the country with the keyboard-operable select and reports it', async () => {
    const onCountryChange = vi.fn();
    render(
      <PhoneField
        label="Phone"
        countrySelectLabel="Country code"
        onCountryChange={onCountryChange}
      />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), 'GB');
    expect(onCountryChange).toHaveBeenCalledWith('GB');
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('GB');
    expect(screen.getByText('+44')).toBeInTheDocument();
  });

  it('names countries in the given locale', () => {
    const zh = countryOptions('zh-CN', ['CN']);
    expect(zh[0]).toEqual({ code: 'CN', callingCode: '86', name: '中国' });
  });

  it('is a tel input with the field error wiring', () => {
    render(
      <PhoneField label="Phone" countrySelectLabel="Country code" error="Invalid phone number" />,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid phone number');
  });
});
