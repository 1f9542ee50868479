import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { Badge, StatusTag, badgeTones } from './Badge.tsx';

const meta = {
  title: 'Content/Badge',
  component: Badge,
  args: { children: 'Save 40%', tone: 'success', solid: false },
  argTypes: { tone: { control: 'inline-radio', options: badgeTones } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Savings: Story = {};
export const MostPopular: Story = {
  args: { children: 'Most popular', tone: 'brand', solid: true },
};
export const AllTones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {badgeTones.map((tone) => (
        <Badge key={tone} tone={tone}>
          {tone}
        </Badge>
      ))}
    </div>
  ),
};
export const StatusTags: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <StatusTag tone="success">Paid</StatusTag>
      <StatusTag tone="warning">Unpaid</StatusTag>
      <StatusTag tone="neutral">Unsettled</StatusTag>
      <StatusTag tone="brand">Settled</StatusTag>
      <StatusTag tone="danger">Expired</StatusTag>
    </div>
  ),
};
export const LongText: Story = {
  args: { children: 'Limited offer for students until the end of the month', tone: 'warning' },
};
export const Chinese: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Badge tone="success">立省 40%</Badge>
      <Badge tone="brand" solid>
        最受欢迎
      </Badge>
      <StatusTag tone="success">已支付</StatusTag>
      <StatusTag tone="neutral">未结算</StatusTag>
    </div>
  ),
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
