import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { Tabs, tabsVariants } from './Tabs.tsx';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: {
    label: 'Log in with',
    variant: 'line',
    items: [
      {
        value: 'username',
        label: 'Username',
        content: <p>Log in with your username and password.</p>,
      },
      { value: 'email', label: 'Email', content: <p>Log in with your email address.</p> },
      { value: 'phone', label: 'Phone', content: <p>Log in with a code sent to your phone.</p> },
    ],
  },
  argTypes: { variant: { control: 'inline-radio', options: tabsVariants } },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = {};
export const Pill: Story = { args: { variant: 'pill' } };
export const WithDisabledTab: Story = {
  args: {
    label: 'Commission',
    items: [
      { value: 'commission', label: 'Commission', content: <p>Commission records.</p> },
      { value: 'settlement', label: 'Settlement', content: <p>Payouts.</p> },
      { value: 'invitation', label: 'Invitation', content: <p>Invited users.</p>, disabled: true },
    ],
  },
};
export const LongText: Story = {
  args: {
    label: 'Account sections',
    items: [
      'Account details',
      'Devices',
      'Invite friends',
      'Benefits',
      'Group purchase',
      'Third-party client',
    ].map((label) => ({
      value: label.toLowerCase().replace(/\W+/g, '-'),
      label,
      content: <p>{label}</p>,
    })),
  },
};
export const Chinese: Story = {
  args: {
    label: '登录方式',
    items: [
      { value: 'username', label: '用户名', content: <p>使用用户名和密码登录。</p> },
      { value: 'email', label: '邮箱', content: <p>使用邮箱登录。</p> },
      { value: 'phone', label: '手机号', content: <p>使用手机验证码登录。</p> },
    ],
  },
  globals: chinese,
};
export const Mobile375: Story = { args: { fullWidth: true, variant: 'pill' }, globals: mobile375 };
