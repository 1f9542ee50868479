import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { QRCode } from './QRCode.tsx';

const meta = {
  title: 'Content/QRCode',
  component: QRCode,
  args: {
    value: 'https://nimbus.example/sub/3f9a7c1e5b2d4a8f',
    label: 'QR code of your subscription link',
    size: 160,
    level: 'M',
  },
  argTypes: { level: { control: 'inline-radio', options: ['L', 'M', 'Q', 'H'] } },
} satisfies Meta<typeof QRCode>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Large: Story = { args: { size: 240, level: 'H' } };
export const LongValue: Story = {
  args: {
    value: `clash://install-config?url=${encodeURIComponent('https://nimbus.example/sub/3f9a7c1e5b2d4a8f?target=clash&flag=meta')}`,
  },
};
export const Chinese: Story = { args: { label: '订阅链接二维码' }, globals: chinese };
export const Mobile375: Story = { globals: mobile375 };
