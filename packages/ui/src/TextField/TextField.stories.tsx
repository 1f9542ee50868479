import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Email', type: 'email', placeholder: 'you@example.com', autoComplete: 'email' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = {
  args: {
    label: 'Invite code (optional)',
    type: 'text',
    hint: 'Ask the friend who invited you.',
    placeholder: '',
  },
};
export const WithError: Story = { args: { defaultValue: 'name@', error: 'Invalid email address' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'member@nimbus.test' } };
export const LongText: Story = {
  args: {
    label: 'The email address you used when you bought your membership on another device',
    error:
      'We could not find a membership for this address. Check for typos or use the address from your receipt.',
    defaultValue: 'a.very.long.address.that.keeps.going@subdomain.example.com',
  },
};
export const Chinese: Story = {
  args: { label: '邮箱', placeholder: '请输入邮箱', error: '邮箱地址格式不正确' },
  globals: chinese,
};
export const Mobile375: Story = { args: { error: 'Invalid email address' }, globals: mobile375 };
