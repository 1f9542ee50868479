import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { Dialog, DialogClose, dialogSizes } from './Dialog.tsx';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: {
    defaultOpen: true,
    title: 'Did you complete the payment?',
    description: 'We will check your order as soon as you tell us.',
    closeLabel: 'Close',
    size: 'md',
    trigger: <Button>Open dialog</Button>,
    footer: (
      <>
        <DialogClose asChild>
          <Button variant="secondary">Payment failed</Button>
        </DialogClose>
        <DialogClose asChild>
          <Button>Payment completed</Button>
        </DialogClose>
      </>
    ),
  },
  argTypes: { size: { control: 'inline-radio', options: dialogSizes } },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Closed: Story = { args: { defaultOpen: false } };
export const LongText: Story = {
  args: {
    size: 'lg',
    title:
      'Before you enable the third-party client, please read how the speed limit and the seven-day rule work',
    children: (
      <div>
        {Array.from({ length: 8 }, (_, index) => (
          <p key={index}>
            While the third-party client is enabled your connection speed is limited to 10 Mbps. You
            can enable it once within seven days, so choose the moment that suits you. Disabling it
            removes the limit straight away.
          </p>
        ))}
      </div>
    ),
  },
};
export const Chinese: Story = {
  args: {
    title: '您是否已完成支付？',
    description: '告诉我们后，我们会立即核对您的订单。',
    closeLabel: '关闭',
    footer: (
      <>
        <DialogClose asChild>
          <Button variant="secondary">支付失败</Button>
        </DialogClose>
        <DialogClose asChild>
          <Button>已完成支付</Button>
        </DialogClose>
      </>
    ),
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
