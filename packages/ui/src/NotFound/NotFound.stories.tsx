import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { NotFound } from './NotFound.tsx';

const meta = {
  title: 'Pages/NotFound',
  component: NotFound,
  args: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    homeLabel: 'Back to homepage',
    homeHref: '/',
  },
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Chinese: Story = {
  args: { title: '页面不存在', text: '您访问的页面不存在或已被移动。', homeLabel: '返回首页' },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
