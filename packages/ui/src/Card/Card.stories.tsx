import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from '../Link/Link.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { Card, cardPaddings, cardTones } from './Card.tsx';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: {
    title: 'Account details',
    actions: <Link href="/user/device">Manage devices</Link>,
    children: (
      <p style={{ margin: 0 }}>Membership active until 12 March 2026. 3 of 5 devices in use.</p>
    ),
    padding: 'md',
    tone: 'default',
  },
  argTypes: {
    padding: { control: 'inline-radio', options: cardPaddings },
    tone: { control: 'inline-radio', options: cardTones },
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Elevated: Story = { args: { elevated: true } };
export const Brand: Story = {
  args: { tone: 'brand', title: 'Invite friends, get free time', actions: undefined },
};
export const Untitled: Story = { args: { title: undefined, actions: undefined } };
export const LongText: Story = {
  args: {
    title: 'Third-party client subscription for Clash, sing-box and other compatible applications',
    children: (
      <p style={{ margin: 0 }}>{'Import the subscription link into your client. '.repeat(8)}</p>
    ),
  },
};
export const Chinese: Story = {
  args: {
    title: '账户信息',
    actions: <Link href="/user/device">管理设备</Link>,
    children: <p style={{ margin: 0 }}>会员有效期至 2026 年 3 月 12 日，已使用 3/5 台设备。</p>,
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
