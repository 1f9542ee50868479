import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkButton } from '@nimbus/ui/link-button';
import { PageSection } from '@nimbus/ui/page-section';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '../test-utils.tsx';
import { absoluteUrl } from './absolute-url.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { PagedTable } from './PagedTable.tsx';
import { usePaging } from './use-paging.ts';

interface Row {
  id: string;
  name: string;
}
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, name: `Row ${from + i}` }));
const columns = [{ key: 'name', header: 'Name', cell: (row: Row) => row.name }];

/** A list of `total` records served page by page, as the screens do with a paginated API call. */
function ServerList({ total, totalCapped }: { total: number; totalCapped?: boolean }) {
  const paging = usePaging();
  const start = (paging.page - 1) * paging.pageSize;
  return (
    <PagedTable
      columns={columns}
      rows={rows(start + 1, Math.max(0, Math.min(paging.pageSize, total - start)))}
      rowKey={(row) => row.id}
      caption="Records"
      loading={false}
      emptyText="Nothing yet."
      total={total}
      totalCapped={totalCapped ?? false}
      paging={paging}
    />
  );
}

describe('usePaging', () => {
  test('starts on page 1 with the default size; a new page size goes back to page 1', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current).toMatchObject({ page: 1, pageSize: 10 });
    act(() => result.current.setPage(3));
    expect(result.current).toMatchObject({ page: 3, pageSize: 10 });
    act(() => result.current.setPageSize(50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
    expect(renderHook(() => usePaging(20)).result.current.pageSize).toBe(20);
  });
});

describe('PagedTable', () => {
  test('no pager while every record fits the smallest page size; the empty text when there are none', async () => {
    await renderApp([{ path: '/', element: <ServerList total={10} /> }]);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  test('says so when there are no records', async () => {
    await renderApp([{ path: '/', element: <ServerList total={0} /> }]);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
  });

  test('pages through the records and changes the page size with the pager', async () => {
    await renderApp([{ path: '/', element: <ServerList total={25} /> }]);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('25 items in total')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Row 1' })).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'Row 11' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Row 1' })).toBeNull();
    await userEvent.selectOptions(
      within(pager).getByRole('combobox', { name: 'Records per page' }),
      '50',
    );
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.getByRole('cell', { name: 'Row 1' })).toBeInTheDocument();
  });

  test('a total stopped at the cap says more match, and the pages end there', async () => {
    await renderApp([{ path: '/', element: <ServerList total={10_000} totalCapped /> }]);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager).getByText('More than 10,000 items: narrow the search to reach the rest'),
    ).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 1000' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Page 1001' })).toBeNull();
  });
});

describe('PageSection, LinkButton, LoadFailed', () => {
  test("one h1 with its lead; a call to action of this app goes through the router, another app's is a full page link", async () => {
    const { router } = await renderApp(
      [
        {
          path: '/profile',
          element: (
            <PageSection
              title="My account"
              lead="Everything about you"
              actions={<LinkButton href="/user/device">Devices</LinkButton>}
            >
              <LinkButton href="/pricing" size="sm">
                Buy a plan
              </LinkButton>
            </PageSection>
          ),
        },
        { path: '/device', element: <h1>Devices page</h1> },
      ],
      { url: '/user/profile', basename: '/user' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByText('Everything about you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a plan' })).toHaveAttribute('href', '/pricing');
    await userEvent.click(screen.getByRole('link', { name: 'Devices' }));
    expect(await screen.findByRole('heading', { name: 'Devices page' })).toBeInTheDocument();
    // The router's location is within the basename.
    expect(router.location().pathname).toBe('/device');
  });

  test('LoadFailed is an alert with a retry that calls back', async () => {
    const onRetry = vi.fn();
    await renderApp([{ path: '/', element: <LoadFailed onRetry={onRetry} /> }]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong while loading this page.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('absoluteUrl', () => {
  test('a server path becomes a link on the given origin; an absolute URL stays as it is', () => {
    expect(absoluteUrl('/register?ref=ABC', 'https://nimbus.example')).toBe(
      'https://nimbus.example/register?ref=ABC',
    );
    expect(absoluteUrl('https://other.example/x', 'https://nimbus.example')).toBe(
      'https://other.example/x',
    );
  });
});
