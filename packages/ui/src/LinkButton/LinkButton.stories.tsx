import type { Meta, StoryObj } from '@storybook/react-vite';
import { buttonSizes, buttonVariants } from '../Button/Button.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { LinkButton } from './LinkButton.tsx';

const meta = {
  title: 'Navigation/LinkButton',
  component: LinkButton,
  args: { href: '/pricing', children: 'Buy a plan', variant: 'primary', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof LinkButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'View plans' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Learn more' } };
export const Small: Story = { args: { size: 'sm', children: 'Start a group' } };
export const Large: Story = { args: { size: 'lg', children: 'Download now' } };
export const FullWidth: Story = { args: { fullWidth: true, children: 'Log In and Join Now' } };
export const External: Story = {
  args: {
    href: 'https://apps.apple.com/app/example',
    external: true,
    externalLabel: '(opens in a new tab)',
    children: 'App Store',
  },
};
export const LongLabelAt375: Story = {
  args: {
    size: 'lg',
    children: 'Log in to join this group buy and pay your share of the yearly Standard plan',
  },
  globals: mobile375,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
};
export const Chinese: Story = { args: { children: '立即购买' }, globals: chinese };
export const Row: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <LinkButton {...args}>Download</LinkButton>
      <LinkButton {...args} variant="secondary" href="/pricing">
        View plans
      </LinkButton>
    </div>
  ),
  args: { href: '/download' },
};
