import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';
import { PriceTag } from './PriceTag.tsx';

describe('formatMoney', () => {
  it.each([
    [999, 'USD', 'en', '$9.99'],
    [100000, 'USD', 'en', '$1,000.00'],
    [39800, 'CNY', 'zh-CN', '¥398.00'],
    [1200, 'JPY', 'en', '¥1,200'],
  ])('%d %s in %s', (amount, currency, locale, expected) => {
    expect(formatMoney(amount, currency, locale)).toBe(expected);
  });
});

describe('PriceTag', () => {
  it('shows the price, the struck original with a spoken label, and the savings', () => {
    const { container } = render(
      <PriceTag
        amount={5999}
        currency="USD"
        locale="en"
        originalAmount={11988}
        originalPriceLabel="Original price"
        periodLabel="/ year"
        savingsLabel="Save 50%"
      />,
    );
    expect(screen.getByText('$59.99')).toBeInTheDocument();
    const struck = container.querySelector('s');
    expect(struck).toHaveTextContent('Original price $119.88');
    expect(screen.getByText('Save 50%')).toBeInTheDocument();
  });

  it('does not strike an original price that is not higher', () => {
    const { container } = render(
      <PriceTag amount={999} currency="USD" locale="en" originalAmount={999} />,
    );
    expect(container.querySelector('s')).toBeNull();
  });
});
