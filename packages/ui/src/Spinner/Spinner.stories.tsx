import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { Spinner, spinnerSizes } from './Spinner.tsx';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  args: { label: 'Loading', size: 'md' },
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithVisibleLabel: Story = { args: { showLabel: true, label: 'Loading your plans…' } };
export const Large: Story = { args: { size: 'lg', showLabel: true } };
export const Chinese: Story = { args: { label: '加载中…', showLabel: true }, globals: chinese };
export const Mobile375: Story = { args: { showLabel: true }, globals: mobile375 };
