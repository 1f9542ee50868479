import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { chinese, mobile375 } from '../story-globals.ts';
import { InlineEdit, type InlineEditProps } from './InlineEdit.tsx';

function Stateful(props: InlineEditProps) {
  const [value, setValue] = useState(props.value);
  return <InlineEdit {...props} value={value} onSave={(next) => setValue(next)} />;
}

const meta = {
  title: 'Forms/InlineEdit',
  component: InlineEdit,
  render: (args) => <Stateful {...args} />,
  args: {
    value: 'My iPhone',
    label: 'Device name',
    editLabel: 'Edit device name',
    emptyMessage: 'Name cannot be empty',
    onSave: () => undefined,
  },
} satisfies Meta<typeof InlineEdit>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { value: '', placeholder: 'Unnamed device' } };
export const LongText: Story = {
  args: {
    value: 'The family laptop in the living room that everybody uses for homework and films',
  },
};
export const Chinese: Story = {
  args: {
    value: '我的 iPhone',
    label: '设备名称',
    editLabel: '编辑设备名称',
    emptyMessage: '名称不能为空',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
