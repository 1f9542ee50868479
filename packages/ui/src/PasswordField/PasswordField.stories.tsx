import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { PasswordField } from './PasswordField.tsx';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: {
    label: 'Password',
    showPasswordLabel: 'Show password',
    hidePasswordLabel: 'Hide password',
  },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NewPassword: Story = {
  args: { autoComplete: 'new-password', hint: 'At least 8 characters.' },
};
export const WithError: Story = {
  args: { defaultValue: 'short', error: 'Password must be at least 8 characters' },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'secret-password' } };
export const Chinese: Story = {
  args: {
    label: '密码',
    showPasswordLabel: '显示密码',
    hidePasswordLabel: '隐藏密码',
    error: '密码至少需要 8 个字符',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
