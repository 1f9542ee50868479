import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../Button/Button.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { ToastProvider, useToast } from './Toast.tsx';
import { createToastStore, type ToastTone } from './toast-store.ts';

/** Shows the given toasts (kept until dismissed) and buttons that add more. */
function ToastDemo({
  initial,
  labels,
}: {
  initial: [ToastTone, string][];
  labels: { success: string; error: string };
}) {
  const [store] = useState(() => {
    const created = createToastStore();
    for (const [tone, message] of initial) created.show(tone, message, { duration: 0 });
    return created;
  });
  return (
    <ToastProvider store={store} label="Notifications" dismissLabel="Dismiss">
      <Buttons labels={labels} />
    </ToastProvider>
  );
}

function Buttons({ labels }: { labels: { success: string; error: string } }) {
  const toast = useToast();
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 240 }}>
      <Button variant="secondary" onClick={() => toast.success(labels.success)}>
        Show success
      </Button>
      <Button variant="secondary" onClick={() => toast.error(labels.error)}>
        Show error
      </Button>
    </div>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
  args: {
    initial: [['error', 'Network error. Please try again later.']],
    labels: { success: 'Copied', error: 'Network error. Please try again later.' },
  },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorToast: Story = {};
export const Success: Story = { args: { initial: [['success', 'Your device was removed.']] } };
export const Stack: Story = {
  args: {
    initial: [
      ['info', 'Your membership was extended by 3 days.'],
      ['success', 'Invite link copied'],
      ['error', 'The group is already full.'],
    ],
  },
};
export const Empty: Story = { args: { initial: [] } };
export const LongText: Story = {
  args: {
    initial: [
      [
        'error',
        'Payment not detected. If you were charged, contact support with your order number and the time of the payment so we can find it quickly.',
      ],
    ],
  },
};
export const Chinese: Story = {
  args: {
    initial: [
      ['error', '网络错误，请稍后再试。'],
      ['success', '复制成功'],
    ],
    labels: { success: '复制成功', error: '网络错误，请稍后再试。' },
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
