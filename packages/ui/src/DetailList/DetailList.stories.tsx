import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { DetailList } from './DetailList.tsx';

const meta = {
  title: 'Data/DetailList',
  component: DetailList,
  args: {
    items: [
      {
        key: 'id',
        term: 'User ID',
        value: '1048576',
        actions: (
          <Button size="sm" variant="secondary">
            Copy
          </Button>
        ),
      },
      { key: 'mail', term: 'E-mail', value: 'ann@example.com' },
      { key: 'standard', term: 'Standard', value: 'Expires on Mar 12, 2027' },
    ],
  },
} satisfies Meta<typeof DetailList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const LongValue: Story = {
  args: {
    items: [
      {
        key: 'link',
        term: 'Invite link',
        value: 'https://nimbus.example/register?ref=ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
        actions: (
          <Button size="sm" variant="secondary">
            Copy
          </Button>
        ),
      },
    ],
  },
  globals: mobile375,
};
export const Mobile375: Story = { globals: mobile375 };
export const Chinese: Story = {
  args: {
    items: [
      { key: 'id', term: '用户 ID', value: '1048576' },
      { key: 'mail', term: '邮箱', value: 'ann@example.com' },
    ],
  },
  globals: chinese,
};
