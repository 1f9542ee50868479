import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { CodeField } from './CodeField.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Forms/CodeField',
  component: CodeField,
  args: {
    label: 'Verification code',
    sendLabel: 'Send code',
    resendLabel: 'Resend',
    countdownLabel: (seconds: number) => `Resend in ${seconds}s`,
    seconds: 60,
    onSend: () => wait(600),
  },
} satisfies Meta<typeof CodeField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SendDisabled: Story = {
  args: { sendDisabled: true, hint: 'Enter a valid email address first.' },
};
export const SendFails: Story = {
  args: { onSend: () => wait(600).then(() => Promise.reject(new Error('rate limited'))) },
};
export const WithError: Story = {
  args: { defaultValue: '12', error: 'The code is incorrect or has expired.' },
};
export const Chinese: Story = {
  args: {
    label: '验证码',
    sendLabel: '获取验证码',
    resendLabel: '重新发送',
    countdownLabel: (seconds: number) => `${seconds} 秒后重新发送`,
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
