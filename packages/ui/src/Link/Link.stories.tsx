import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { Link, linkTones } from './Link.tsx';

const meta = {
  title: 'Navigation/Link',
  component: Link,
  args: { href: '/pricing', children: 'See all plans', tone: 'brand' },
  argTypes: {
    tone: { control: 'inline-radio', options: linkTones },
    underline: { control: 'inline-radio', options: ['always', 'hover'] },
  },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Neutral: Story = {
  args: { tone: 'neutral', underline: 'hover', children: 'Help centre' },
};
export const Inverse: Story = {
  args: { tone: 'inverse', children: 'Status page' },
  decorators: [
    (Story) => (
      <div style={{ background: '#0b1437', padding: 16 }}>
        <Story />
      </div>
    ),
  ],
};
export const External: Story = {
  args: {
    href: 'https://status.example.com',
    external: true,
    externalLabel: '(opens in a new tab)',
    children: 'Service status',
  },
};
export const LongText: Story = {
  args: {
    children:
      'Read the full terms of service, including the refund policy and the acceptable use policy for every plan',
  },
  decorators: [
    (Story) => (
      <p style={{ maxWidth: 280 }}>
        <Story />
      </p>
    ),
  ],
};
export const Chinese: Story = { args: { children: '查看全部套餐' }, globals: chinese };
export const Mobile375: Story = { globals: mobile375 };
