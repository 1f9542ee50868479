import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from '../Link/Link.tsx';
import { chinese, mobile375 } from '../story-globals.ts';
import { Checkbox } from './Checkbox.tsx';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: {
    children: (
      <>
        I have read and agree to the <Link href="/clause/terms">User Agreement</Link> and the{' '}
        <Link href="/clause/privacy">Privacy Policy</Link>
      </>
    ),
  },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Agreement: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const WithError: Story = {
  args: { error: 'Please agree to the User Agreement and Privacy Policy' },
};
export const Disabled: Story = { args: { disabled: true, children: 'Remember this device' } };
export const Chinese: Story = {
  args: {
    children: (
      <>
        我已阅读并同意<Link href="/clause/terms">《用户协议》</Link>和
        <Link href="/clause/privacy">《隐私政策》</Link>
      </>
    ),
    error: '请先同意用户协议和隐私政策',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
