import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { SelectField } from './SelectField.tsx';

const options = [
  { value: 'ethereum', label: 'Ethereum' },
  { value: 'bsc', label: 'BNB Smart Chain' },
  { value: 'polygon', label: 'Polygon' },
];

const meta = {
  title: 'Forms/SelectField',
  component: SelectField,
  args: { label: 'Network', options, placeholder: 'Choose a network' },
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Chosen: Story = { args: { defaultValue: 'bsc' } };
export const WithError: Story = { args: { error: 'Choose a network for your payouts' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'polygon' } };
export const Chinese: Story = {
  args: { label: '网络', placeholder: '请选择网络', error: '请选择收款网络' },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
