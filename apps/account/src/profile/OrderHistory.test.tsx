import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderHistoryItem } from '@nimbus/api-sdk/contract';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import type { Paging } from '@nimbus/web/screens';
import { OrderHistory } from './OrderHistory.tsx';

const order = (
  id: string,
  status: OrderHistoryItem['status'],
  amountMinor = 5999,
): OrderHistoryItem => ({
  orderId: id,
  createdAt: Date.UTC(2026, 0, 5, 10),
  productName: '1 year Standard',
  amount: { amountMinor, currency: 'USD' },
  status,
  paymentMethod: 'card',
  resumeUrl: status === 'pending' ? `https://pay.example/checkout/${id}` : null,
  cancellable: status === 'pending',
});

const paging = (overrides: Partial<Paging> = {}): Paging => ({
  page: 1,
  pageSize: 10,
  setPage: vi.fn(),
  setPageSize: vi.fn(),
  ...overrides,
});

describe('OrderHistory', () => {
  test('lists date, order id, product, amount in the currency and status', () => {
    renderInLanguage(
      <OrderHistory
        orders={[order('O-1', 'paid'), order('O-2', 'pending', 999)]}
        total={2}
        loading={false}
        paging={paging()}
        language="en"
        onCancel={vi.fn()}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('O-1');
    expect(rows[0]).toHaveTextContent('1 year Standard');
    expect(rows[0]).toHaveTextContent('$59.99');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('$9.99');
    expect(rows[1]).toHaveTextContent('Unpaid');
    // Two orders fit one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  test('says so when there are no orders', () => {
    renderInLanguage(
      <OrderHistory
        orders={[]}
        total={0}
        loading={false}
        paging={paging()}
        language="en"
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText('No orders yet.')).toBeInTheDocument();
  });

  test('pages through a long history with "/ page" sizes', async () => {
    const events = userEvent.setup();
    const p = paging();
    renderInLanguage(
      <OrderHistory
        orders={[order('O-1', 'refunded')]}
        total={35}
        loading={false}
        paging={p}
        language="en"
        onCancel={vi.fn()}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('35 items in total')).toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10 / page', '20 / page', '50 / page']);
    await events.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(p.setPage).toHaveBeenCalledWith(2);
    await events.selectOptions(
      within(nav).getByRole('combobox', { name: 'Records per page' }),
      '20',
    );
    expect(p.setPageSize).toHaveBeenCalledWith(20);
  });

  test('an order waiting for payment is resumed at its checkout or cancelled after confirming', async () => {
    const onCancel = vi.fn().mockResolvedValue(undefined);
    renderInLanguage(
      <OrderHistory
        orders={[order('O-1', 'paid'), order('O-2', 'pending', 999), order('O-3', 'cancelled')]}
        total={3}
        loading={false}
        paging={paging()}
        language="en"
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('link', { name: 'Resume payment of order O-2' })).toHaveAttribute(
      'href',
      'https://pay.example/checkout/O-2',
    );
    expect(screen.getAllByRole('link', { name: /Resume payment/ })).toHaveLength(1);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order O-2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(onCancel).toHaveBeenCalledWith(expect.objectContaining({ orderId: 'O-2' }));
  });
});
