import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { Countdown, countdownSizes } from './Countdown.tsx';

const hour = 3_600_000;
// Stories are rendered once at load, so "now" is fixed per story render.
const from = (ms: number) => Date.now() + ms;

const meta = {
  title: 'Content/Countdown',
  component: Countdown,
  args: {
    endAt: from(2 * 24 * hour + 3 * hour + 25 * 60_000),
    units: { days: 'days', hours: 'h', minutes: 'min', seconds: 's' },
    endedLabel: 'Ended',
    label: 'Time left to join this group',
    size: 'md',
  },
  argTypes: {
    size: { control: 'inline-radio', options: countdownSizes },
    endAt: { control: 'date' },
  },
} satisfies Meta<typeof Countdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {};
export const UnderOneDay: Story = { args: { endAt: from(5 * hour + 7 * 60_000) } };
export const Large: Story = { args: { size: 'lg' } };
export const Ended: Story = { args: { endAt: from(-1000) } };
export const Chinese: Story = {
  args: {
    units: { days: '天', hours: '时', minutes: '分', seconds: '秒' },
    endedLabel: '已结束',
    label: '拼团剩余时间',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
