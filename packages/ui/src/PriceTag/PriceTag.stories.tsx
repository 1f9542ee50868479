import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { PriceTag, priceTagSizes } from './PriceTag.tsx';

const meta = {
  title: 'Commerce/PriceTag',
  component: PriceTag,
  args: {
    amount: 5999,
    currency: 'USD',
    locale: 'en',
    originalAmount: 11988,
    originalPriceLabel: 'Original price',
    periodLabel: '/ year',
    savingsLabel: 'Save 50%',
    size: 'md',
  },
  argTypes: { size: { control: 'inline-radio', options: priceTagSizes } },
} satisfies Meta<typeof PriceTag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Discounted: Story = {};
export const PlainPrice: Story = {
  args: { originalAmount: undefined, savingsLabel: undefined, periodLabel: '/ month', amount: 999 },
};
export const Large: Story = { args: { size: 'lg' } };
export const Yen: Story = {
  args: { currency: 'JPY', amount: 1200, originalAmount: 2400, locale: 'ja' },
};
export const Chinese: Story = {
  args: {
    currency: 'CNY',
    locale: 'zh-CN',
    amount: 39800,
    originalAmount: 79600,
    originalPriceLabel: '原价',
    periodLabel: '/ 年',
    savingsLabel: '立省 50%',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
