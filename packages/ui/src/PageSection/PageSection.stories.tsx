import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from '../Card/Card.tsx';
import { LinkButton } from '../LinkButton/LinkButton.tsx';
import { chinese, chineseMobile375, mobile375 } from '../story-globals.ts';
import { PageSection } from './PageSection.tsx';

const meta = {
  title: 'Layout/PageSection',
  component: PageSection,
  args: {
    title: 'Group purchases',
    lead: 'Groups you created or joined, and their orders.',
    actions: <LinkButton href="/group-buying">Start a group</LinkButton>,
    children: (
      <Card title="Your groups">
        <p style={{ margin: 0 }}>No groups yet.</p>
      </Card>
    ),
  },
} satisfies Meta<typeof PageSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const TitleOnly: Story = { args: { lead: undefined, actions: undefined } };
export const LongTitle: Story = {
  args: {
    title: 'Third-party client subscription for Clash, sing-box and other compatible applications',
  },
  globals: mobile375,
};
export const Mobile375: Story = { globals: mobile375 };
export const Chinese: Story = {
  args: {
    title: '拼团记录',
    lead: '你发起或参与的拼团及其订单。',
    actions: <LinkButton href="/group-buying">发起拼团</LinkButton>,
  },
  globals: chinese,
};
export const ChineseMobile375: Story = {
  args: { title: '拼团记录', lead: '你发起或参与的拼团及其订单。' },
  globals: chineseMobile375,
};
