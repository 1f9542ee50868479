import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { chinese, mobile375 } from '../story-globals.ts';
import { Pagination, type PaginationProps } from './Pagination.tsx';

function Stateful(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  const [pageSize, setPageSize] = useState(props.pageSize);
  return (
    <Pagination
      {...props}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={setPageSize}
    />
  );
}

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  render: (args) => <Stateful {...args} />,
  args: {
    page: 1,
    pageSize: 10,
    total: 236,
    onPageChange: () => undefined,
    onPageSizeChange: () => undefined,
    label: 'Pagination',
    previousLabel: 'Previous page',
    nextLabel: 'Next page',
    pageLabel: (page: number) => `Page ${page}`,
    pageSizeLabel: 'Records per page',
    pageSizeSuffix: '/ page',
    summary: ({ from, to, total }: { from: number; to: number; total: number }) =>
      `${from}–${to} of ${total}`,
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {};
export const MiddlePage: Story = { args: { page: 12 } };
export const SinglePage: Story = { args: { total: 7 } };
export const Empty: Story = { args: { total: 0 } };
export const Chinese: Story = {
  args: {
    label: '分页',
    previousLabel: '上一页',
    nextLabel: '下一页',
    pageLabel: (page: number) => `第 ${page} 页`,
    pageSizeLabel: '每页条数',
    pageSizeSuffix: '条/页',
    summary: ({ total }: { total: number }) => `共 ${total} 条`,
    page: 5,
  },
  globals: chinese,
};
export const Mobile375: Story = { args: { page: 12 }, globals: mobile375 };
