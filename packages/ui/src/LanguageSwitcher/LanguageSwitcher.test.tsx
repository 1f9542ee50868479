import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

const options = [
  { value: 'en', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
] as const;

describe('LanguageSwitcher', () => {
  it('is a named select whose options carry their own language', () => {
    render(
      <LanguageSwitcher options={options} value="en" onChange={() => undefined} label="Language" />,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(within(select).getByRole('option', { name: '简体中文' })).toHaveAttribute(
      'lang',
      'zh-CN',
    );
  });

  it('reports the chosen language', async () => {
    const onChange = vi.fn();
    render(<LanguageSwitcher options={options} value="en" onChange={onChange} label="Language" />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(onChange).toHaveBeenCalledWith('zh-CN');
  });
});
