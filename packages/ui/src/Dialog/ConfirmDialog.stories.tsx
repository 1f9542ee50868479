import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    defaultOpen: true,
    trigger: <Button variant="danger">Delete account</Button>,
    title: 'Delete your account?',
    description:
      'This is permanent. Your membership time, devices and invitations are removed and cannot be restored.',
    confirmLabel: 'Delete account',
    cancelLabel: 'Keep my account',
    tone: 'danger',
    onConfirm: () => new Promise((resolve) => setTimeout(resolve, 800)),
  },
  argTypes: { tone: { control: 'inline-radio', options: ['primary', 'danger'] } },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {};
export const Primary: Story = {
  args: {
    tone: 'primary',
    title: 'Enable the third-party client?',
    description: 'Speed is limited to 10 Mbps while it is enabled.',
    confirmLabel: 'Enable',
    cancelLabel: 'Cancel',
  },
};
export const Closed: Story = { args: { defaultOpen: false } };
export const Chinese: Story = {
  args: {
    title: '确定要注销账号吗？',
    description: '注销后无法恢复，您的会员时长、设备和邀请记录都将被删除。',
    confirmLabel: '确认注销',
    cancelLabel: '再想想',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
