import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { Ellipsis } from './Ellipsis.tsx';

const long =
  'Nimbus keeps your connection private on public Wi-Fi, at home and abroad. Servers in more than forty countries, no activity logs, and apps for iPhone, Android, Mac and Windows that connect in one tap.';

const meta = {
  title: 'Content/Ellipsis',
  component: Ellipsis,
  args: {
    children: long,
    rows: 1,
    expandable: true,
    expandLabel: 'Show more',
    collapseLabel: 'Show less',
  },
  argTypes: { rows: { control: { type: 'number', min: 1, max: 6 } } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Ellipsis>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneRow: Story = {};
export const ThreeRows: Story = { args: { rows: 3 } };
export const NotExpandable: Story = { args: { expandable: false } };
export const ShortText: Story = { args: { children: 'Fits on one line.' } };
export const Chinese: Story = {
  args: {
    children:
      'Nimbus 在公共 Wi-Fi、家中和海外都能保护您的连接隐私。覆盖四十多个国家和地区的服务器，不记录任何活动日志，iPhone、安卓、Mac 和 Windows 应用一键连接。',
    expandLabel: '展开',
    collapseLabel: '收起',
  },
  globals: chinese,
};
export const Mobile375: Story = { args: { rows: 2 }, globals: mobile375 };
