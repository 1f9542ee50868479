import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageRange } from './page-range.ts';
import { Pagination } from './Pagination.tsx';

const labels = {
  label: 'Pagination',
  previousLabel: 'Previous page',
  nextLabel: 'Next page',
  pageLabel: (page: number) => `Page ${page}`,
  pageSizeLabel: 'Records per page',
  pageSizeSuffix: '/ page',
};

describe('pageRange', () => {
  it.each([
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 20, [1, 2, 3, 4, 5, 'gap-end', 20]],
    [4, 20, [1, 2, 3, 4, 5, 'gap-end', 20]],
    [10, 20, [1, 'gap-start', 9, 10, 11, 'gap-end', 20]],
    [17, 20, [1, 'gap-start', 16, 17, 18, 19, 20]],
    [20, 20, [1, 'gap-start', 16, 17, 18, 19, 20]],
  ])('page %d of %d', (current, count, expected) => {
    expect(pageRange(current, count)).toEqual(expected);
  });
});

describe('Pagination', () => {
  it('is a named navigation with the current page marked', () => {
    render(
      <Pagination {...labels} page={3} pageSize={10} total={95} onPageChange={() => undefined} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
  });

  it('changes page with page buttons and previous/next, from mouse and keyboard', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(
      <Pagination {...labels} page={2} pageSize={10} total={50} onPageChange={onPageChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    screen.getByRole('button', { name: 'Previous page' }).focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).toHaveBeenCalledTimes(3);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(
      <Pagination {...labels} page={1} pageSize={10} total={30} onPageChange={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(
      <Pagination {...labels} page={3} pageSize={10} total={30} onPageChange={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it("changes the page size with '/ page' options and goes back to page 1", async () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    render(
      <Pagination
        {...labels}
        page={4}
        pageSize={10}
        total={500}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Records per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10 / page', '20 / page', '50 / page', '100 / page']);
    await userEvent.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('shows one page and no enabled arrows when there are no records', () => {
    render(
      <Pagination {...labels} page={1} pageSize={10} total={0} onPageChange={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
