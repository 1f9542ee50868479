import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { chinese, mobile375 } from '../story-globals.ts';
import {
  LanguageSwitcher,
  languageSwitcherTones,
  type LanguageSwitcherProps,
} from './LanguageSwitcher.tsx';

function Stateful(props: LanguageSwitcherProps) {
  const [value, setValue] = useState(props.value);
  return <LanguageSwitcher {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Navigation/LanguageSwitcher',
  component: LanguageSwitcher,
  render: (args) => <Stateful {...args} />,
  args: {
    options: [
      { value: 'en', label: 'English' },
      { value: 'zh-CN', label: '简体中文' },
    ],
    value: 'en',
    onChange: () => undefined,
    label: 'Language',
    tone: 'light',
  },
  argTypes: { tone: { control: 'inline-radio', options: languageSwitcherTones } },
} satisfies Meta<typeof LanguageSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Dark: Story = {
  args: { tone: 'dark' },
  decorators: [
    (Story) => (
      <div style={{ background: '#0b1437', padding: 16 }}>
        <Story />
      </div>
    ),
  ],
};
export const Chinese: Story = { args: { value: 'zh-CN', label: '语言' }, globals: chinese };
export const Mobile375: Story = { globals: mobile375 };
