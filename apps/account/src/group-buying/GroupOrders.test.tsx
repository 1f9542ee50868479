import { screen } from '@testing-library/react';
import type { GroupBuyOrder } from '@nimbus/api-sdk/contract';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { GroupOrders } from './GroupOrders.tsx';

const order: GroupBuyOrder = {
  orderId: 'O-7',
  groupId: 'G-3',
  productName: '1 year Standard',
  role: 'creator',
  amount: { amountMinor: 2999, currency: 'USD' },
  status: 'refunded',
  createdAt: Date.UTC(2026, 0, 5, 10),
};

const paging = { page: 1, pageSize: 10, setPage: vi.fn(), setPageSize: vi.fn() };

describe('GroupOrders', () => {
  test('the order table with the group after the order id and the role after the plan', () => {
    renderInLanguage(
      <GroupOrders orders={[order]} total={1} loading={false} paging={paging} language="en" />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Order ID',
      'Group ID',
      'Plan',
      'Role',
      'Amount',
      'Status',
    ]);
    const [, row] = screen.getAllByRole('row');
    expect(row).toHaveTextContent('G-3');
    expect(row).toHaveTextContent('$29.99');
    expect(row).toHaveTextContent('Refunded');
  });
});
