import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataList } from './DataList.tsx';
import { DataTable } from './DataTable.tsx';
import { orderColumns, orderRows } from './story-data.tsx';

const base = {
  columns: orderColumns,
  rowKey: (row: { id: string }) => row.id,
  caption: 'Order history',
  loadingLabel: 'Loading orders',
  emptyText: 'No records',
};

describe('DataTable', () => {
  it('is a captioned table with a header row and one row per record', () => {
    render(<DataTable {...base} rows={orderRows} />);
    const table = screen.getByRole('table', { name: 'Order history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Order ID', 'Product', 'Amount', 'Status']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + orderRows.length);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(
      'NB-20250114-0001',
    );
  });

  it('labels each cell for the 375 px card layout without repeating the label to screen readers', () => {
    render(<DataTable {...base} rows={orderRows.slice(0, 1)} />);
    const cell = screen.getAllByRole('cell')[2] as HTMLElement;
    expect(cell).toHaveTextContent('Product12 months');
    expect(within(cell).getByText('Product')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the no-records text when empty', () => {
    render(<DataTable {...base} rows={[]} />);
    expect(screen.getByRole('cell', { name: 'No records' })).toHaveAttribute('colspan', '5');
  });

  it('while loading is busy, announces the loading label and hides the skeleton rows', () => {
    render(<DataTable {...base} rows={orderRows} loading skeletonRows={4} />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders');
    expect(screen.queryByText('NB-20250114-0001')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });
});

describe('DataList', () => {
  it('renders each record as a list item of name/value pairs', () => {
    render(<DataList {...base} rows={orderRows} />);
    const region = screen.getByRole('region', { name: 'Order history' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(orderRows.length);
    const first = items[0] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Date', 'Order ID', 'Product', 'Amount', 'Status']);
    expect(within(first).getAllByRole('definition')[1]).toHaveTextContent('NB-20250114-0001');
  });

  it('shows the empty text and the loading state', () => {
    const { rerender } = render(<DataList {...base} rows={[]} />);
    expect(screen.getByText('No records')).toBeInTheDocument();
    rerender(<DataList {...base} rows={[]} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders');
    expect(screen.queryByText('No records')).toBeNull();
  });
});
