import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, chineseMobile375, mobile375 } from '../story-globals.ts';
import { Header } from './Header.tsx';
import { chineseHeader, englishHeader } from './story-props.tsx';

const meta = {
  title: 'Layout/Header',
  component: Header,
  args: englishHeader,
  parameters: { layout: 'fullscreen', frame: 'bare' },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {};
export const LoggedIn: Story = {
  args: {
    session: {
      loggedIn: true,
      account: { label: 'My account', href: '/user' },
      logOutLabel: 'Log out',
      onLogOut: () => undefined,
    },
  },
};
export const WithoutLanguageSwitcher: Story = {
  args: { languageSwitcher: undefined, more: undefined },
};
export const Chinese: Story = { args: chineseHeader, globals: chinese };
export const Mobile375: Story = { globals: mobile375 };
export const ChineseMobile375: Story = { args: chineseHeader, globals: chineseMobile375 };
