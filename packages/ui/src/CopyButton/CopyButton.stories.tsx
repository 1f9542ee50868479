import type { Meta, StoryObj } from '@storybook/react-vite';
import { buttonSizes, buttonVariants } from '../Button/Button.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { CopyButton } from './CopyButton.tsx';

const meta = {
  title: 'Actions/CopyButton',
  component: CopyButton,
  args: {
    text: 'https://nimbus.example/r/AB12CD',
    label: 'Copy invite link',
    copiedLabel: 'Copied',
    variant: 'secondary',
    size: 'sm',
  },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Primary: Story = {
  args: { variant: 'primary', size: 'md', label: 'Copy subscription link' },
};
export const CopyFails: Story = {
  args: {
    failedLabel: 'Copy failed, please select the link manually',
    copy: () => Promise.resolve(false),
  },
};
export const Chinese: Story = {
  args: { label: '复制邀请链接', copiedLabel: '已复制' },
  globals: chinese,
};
export const Mobile375: Story = { args: { fullWidth: true }, globals: mobile375 };
