import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { ErrorPage } from './ErrorPage.tsx';

const meta = {
  title: 'Pages/ErrorPage',
  component: ErrorPage,
  args: {
    title: 'Oops! An error occurred',
    suggestion: 'Refresh the page. If the problem continues, contact support.',
    subtitle: 'We are sorry for the inconvenience.',
    reloadLabel: 'Reload',
    errorMessage: "TypeError: Cannot read properties of undefined (reading 'expireTime')",
    onReload: () => undefined,
  },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithoutMessage: Story = { args: { errorMessage: undefined, subtitle: undefined } };
export const LongText: Story = {
  args: {
    errorMessage: `ChunkLoadError: Loading chunk 731 failed.\n(error: https://nimbus.example/assets/pricing-${'a1b2c3d4'.repeat(6)}.js)`,
  },
};
export const Chinese: Story = {
  args: {
    title: '哎呀，出错了！',
    suggestion: '请刷新页面；如果问题仍然存在，请联系客服。',
    subtitle: '给您带来不便，敬请谅解。',
    reloadLabel: '重新加载',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
