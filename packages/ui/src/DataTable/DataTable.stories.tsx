import type { Meta, StoryObj } from '@storybook/react-vite';
import { chinese, mobile375 } from '../story-globals.ts';
import { DataTable } from './DataTable.tsx';
import { chineseOrderColumns, orderColumns, orderRows, type OrderRow } from './story-data.tsx';

const meta = {
  title: 'Data/DataTable',
  component: DataTable<OrderRow>,
  args: {
    caption: 'Order history',
    columns: orderColumns,
    rows: orderRows,
    rowKey: (row: OrderRow) => row.id,
    loading: false,
    loadingLabel: 'Loading orders',
    emptyText: 'No records',
  },
} satisfies Meta<typeof DataTable<OrderRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = { args: { rows: [] } };
export const LongText: Story = {
  args: {
    rows: [
      {
        id: 'NB-20250114-0001-GROUP-BUY-3-PEOPLE-PAY-SELF',
        date: '2025-01-14',
        product: '12 months Standard plan bought through a three-person group buy',
        amount: '$39.99',
        paid: true,
      },
    ],
  },
};
export const Chinese: Story = {
  args: {
    caption: '订单记录',
    columns: chineseOrderColumns,
    loadingLabel: '正在加载订单',
    emptyText: '暂无记录',
  },
  globals: chinese,
};
export const Mobile375: Story = { globals: mobile375 };
