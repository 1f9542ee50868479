import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlanCard, PlanCardGroup } from './PlanCard.tsx';

function Picker({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<string | undefined>('monthly');
  const common = {
    currency: 'USD',
    locale: 'en',
    devicesLabel: 'Up to 5 devices',
    originalPriceLabel: 'Original price',
  };
  return (
    <PlanCardGroup
      legend="Choose a plan"
      name="plan"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    >
      <PlanCard {...common} value="monthly" planName="1 month" amount={1299} />
      <PlanCard
        {...common}
        value="yearly"
        planName="12 months"
        amount={5999}
        originalAmount={15588}
        savingsLabel="Save 61%"
      />
    </PlanCardGroup>
  );
}

describe('PlanCard', () => {
  it('is a radio named by the plan and described by its price, savings and devices', () => {
    render(<Picker onChange={() => undefined} />);
    expect(screen.getByRole('group', { name: 'Choose a plan' })).toBeInTheDocument();
    const yearly = screen.getByRole('radio', { name: '12 months' });
    expect(yearly).toHaveAccessibleDescription(
      '$59.99 Original price $155.88 Save 61% Up to 5 devices',
    );
    expect(screen.getByRole('radio', { name: '1 month' })).toBeChecked();
  });

  it('selects by click and by arrow keys', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    await user.click(screen.getByText('12 months'));
    expect(screen.getByRole('radio', { name: '12 months' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('yearly');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: '1 month' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('monthly');
  });

  it('must be used inside a group', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <PlanCard value="x" planName="x" amount={1} currency="USD" locale="en" devicesLabel="1" />,
      ),
    ).toThrow(/PlanCardGroup/);
  });
});
