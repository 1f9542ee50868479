import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { PhoneField } from './PhoneField.tsx';

const meta = {
  title: 'Forms/PhoneField',
  component: PhoneField,
  args: {
    label: 'Phone number',
    countrySelectLabel: 'Country calling code',
    defaultCountry: 'US',
    locale: 'en',
    placeholder: '201 555 0123',
  },
} satisfies Meta<typeof PhoneField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithError: Story = { args: { defaultValue: '12', error: 'Invalid phone number' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: '2015550123' } };
export const Chinese: Story = {
  args: {
    label: '手机号',
    countrySelectLabel: '国家或地区区号',
    defaultCountry: 'CN',
    locale: 'zh-CN',
    placeholder: '请输入手机号',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
