import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { ProgressMeter } from './ProgressMeter.tsx';

const meta = {
  title: 'Content/ProgressMeter',
  component: ProgressMeter,
  args: { percent: 42, label: 'Traffic used this cycle', valueText: '42 GB of 100 GB' },
  argTypes: { percent: { control: { type: 'range', min: 0, max: 130 } } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProgressMeter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {};
export const NearTheEnd: Story = {
  args: { percent: 86, tone: 'warning', valueText: '86 GB of 100 GB' },
};
export const UsedUp: Story = {
  args: { percent: 112, tone: 'danger', valueText: '112 GB of 100 GB' },
};
export const Chinese: Story = {
  args: { label: '本周期已用流量', valueText: '42 GB / 100 GB' },
  globals: chinese,
};
export const Mobile: Story = { globals: mobile375 };
