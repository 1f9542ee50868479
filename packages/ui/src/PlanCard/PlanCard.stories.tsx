import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { chinese, mobile375 } from '../story-globals.ts';
import { PlanCard, PlanCardGroup, type PlanCardProps } from './PlanCard.tsx';

interface DemoProps {
  legend: string;
  plans: PlanCardProps[];
  initial?: string;
}

function PlanPicker({ legend, plans, initial }: DemoProps) {
  const [value, setValue] = useState(initial);
  return (
    <PlanCardGroup legend={legend} name="plan" value={value} onChange={setValue}>
      {plans.map((plan) => (
        <PlanCard key={plan.value} {...plan} />
      ))}
    </PlanCardGroup>
  );
}

const common = {
  currency: 'USD',
  locale: 'en',
  originalPriceLabel: 'Original price',
  devicesLabel: 'Up to 5 devices',
};
const englishPlans: PlanCardProps[] = [
  { ...common, value: 'monthly', planName: '1 month', amount: 1299, periodLabel: '/ month' },
  {
    ...common,
    value: 'yearly',
    planName: '12 months',
    amount: 5999,
    originalAmount: 15588,
    periodLabel: '/ year',
    savingsLabel: 'Save 61%',
    highlight: 'Most popular',
    features: ['Servers in 40+ countries', 'No activity logs'],
  },
  {
    ...common,
    value: 'quarterly',
    planName: '3 months',
    amount: 2999,
    originalAmount: 3897,
    periodLabel: '/ 3 months',
    savingsLabel: 'Save 23%',
  },
];

const meta = {
  title: 'Commerce/PlanCard',
  component: PlanPicker,
  args: { legend: 'Choose a plan', plans: englishPlans, initial: 'yearly' },
} satisfies Meta<typeof PlanPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Selected: Story = {};
export const NothingSelected: Story = { args: { initial: undefined } };
export const WithDisabledPlan: Story = {
  args: {
    plans: englishPlans.map((plan) =>
      plan.value === 'monthly' ? { ...plan, disabled: true } : plan,
    ),
  },
};
export const LongText: Story = {
  args: {
    plans: [
      {
        ...common,
        value: 'family',
        planName: 'Family and small office plan with priority support',
        amount: 9999,
        devicesLabel: 'Up to 10 devices at the same time on every platform',
        features: [
          'Dedicated IP address in the country of your choice, renewed automatically every year',
        ],
      },
    ],
  },
};
export const Chinese: Story = {
  args: {
    legend: '选择套餐',
    plans: [
      {
        value: 'monthly',
        planName: '1 个月',
        amount: 2800,
        currency: 'CNY',
        locale: 'zh-CN',
        periodLabel: '/ 月',
        devicesLabel: '最多 5 台设备',
      },
      {
        value: 'yearly',
        planName: '12 个月',
        amount: 19800,
        originalAmount: 33600,
        currency: 'CNY',
        locale: 'zh-CN',
        originalPriceLabel: '原价',
        periodLabel: '/ 年',
        savingsLabel: '立省 41%',
        highlight: '最受欢迎',
        devicesLabel: '最多 5 台设备',
        features: ['覆盖 40 多个国家和地区', '不记录任何活动日志'],
      },
    ],
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
