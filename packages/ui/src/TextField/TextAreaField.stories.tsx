import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { TextAreaField } from './TextAreaField.tsx';

const meta = {
  title: 'Forms/TextAreaField',
  component: TextAreaField,
  args: { label: 'Your audience', hint: 'Who follows you, and how many of them.' },
} satisfies Meta<typeof TextAreaField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithError: Story = { args: { error: 'Tell us about your audience' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Tech reviews' } };
export const Chinese: Story = {
  args: { label: '您的受众', hint: '谁在关注您，有多少人。', error: '请介绍一下您的受众' },
  globals: chinese,
};
export const Mobile375: Story = { args: { defaultValue: 'Tech reviews' }, globals: mobile375 };
