import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { DataList } from './DataList.tsx';
import { chineseOrderColumns, orderColumns, orderRows, type OrderRow } from './story-data.tsx';

const meta = {
  title: 'Data/DataList',
  component: DataList<OrderRow>,
  args: {
    caption: 'Order history',
    columns: orderColumns,
    rows: orderRows,
    rowKey: (row: OrderRow) => row.id,
    loading: false,
    loadingLabel: 'Loading orders',
    emptyText: 'No records',
  },
} satisfies Meta<typeof DataList<OrderRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = { args: { rows: [] } };
export const Chinese: Story = {
  args: {
    caption: '订单记录',
    columns: chineseOrderColumns,
    loadingLabel: '正在加载订单',
    emptyText: '暂无数据',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
