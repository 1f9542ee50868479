import { StatusTag } from '../Badge/Badge.tsx';
import type { DataColumn } from './types.ts';

export interface OrderRow {
  id: string;
  date: string;
  product: string;
  amount: string;
  paid: boolean;
}

export const orderRows: OrderRow[] = [
  {
    id: 'NB-20250114-0001',
    date: '2025-01-14',
    product: '12 months',
    amount: '$59.99',
    paid: true,
  },
  { id: 'NB-20241201-0932', date: '2024-12-01', product: '1 month', amount: '$12.99', paid: true },
  {
    id: 'NB-20241102-0417',
    date: '2024-11-02',
    product: '3 months',
    amount: '$29.99',
    paid: false,
  },
];

export const orderColumns: DataColumn<OrderRow>[] = [
  { key: 'date', header: 'Date', cell: (row) => row.date },
  { key: 'id', header: 'Order ID', cell: (row) => row.id },
  { key: 'product', header: 'Product', cell: (row) => row.product },
  { key: 'amount', header: 'Amount', cell: (row) => row.amount, align: 'end' },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <StatusTag tone={row.paid ? 'success' : 'warning'}>{row.paid ? 'Paid' : 'Unpaid'}</StatusTag>
    ),
  },
];

export const chineseOrderColumns: DataColumn<OrderRow>[] = [
  { key: 'date', header: '日期', cell: (row) => row.date },
  { key: 'id', header: '订单号', cell: (row) => row.id },
  {
    key: 'product',
    header: '商品',
    cell: (row) => row.product.replace('months', '个月').replace('month', '个月'),
  },
  { key: 'amount', header: '金额', cell: (row) => row.amount, align: 'end' },
  {
    key: 'status',
    header: '状态',
    cell: (row) => (
      <StatusTag tone={row.paid ? 'success' : 'warning'}>
        {row.paid ? '已支付' : '未支付'}
      </StatusTag>
    ),
  },
];
