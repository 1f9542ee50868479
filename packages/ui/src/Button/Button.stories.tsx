import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { Button, buttonSizes, buttonVariants } from './Button.tsx';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Get Nimbus', variant: 'primary', size: 'md', loading: false, disabled: false },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'View plans' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Cancel' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete account' } };
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg', children: 'Start free trial' } };
export const Loading: Story = {
  args: { loading: true, loadingLabel: 'Processing payment', children: 'Pay now' },
};
export const Disabled: Story = { args: { disabled: true } };
export const LongText: Story = {
  args: { children: 'Continue to secure checkout and activate your membership on all devices' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};
export const Chinese: Story = { args: { children: '立即购买' }, globals: chinese };
export const Mobile375: Story = {
  args: { fullWidth: true, children: 'Log in' },
  globals: mobile375,
};
