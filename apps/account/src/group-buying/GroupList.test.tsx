import { screen, within } from '@testing-library/react';
import type { GroupBuy } from '@nimbus/api-sdk/contract';
import { GroupBuyPaymentType, GroupBuyStatus } from '@nimbus/domain';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { GroupList } from './GroupList.tsx';

const now = Date.now();
const group = (overrides: Partial<GroupBuy> = {}): GroupBuy => ({
  groupId: 'G-1',
  productId: 'P-1',
  productName: '1 year Standard',
  durationDays: 365,
  creator: 'ka***@example.com',
  createdAt: now - 3_600_000,
  expireAt: now + 2 * 3_600_000,
  finishAt: null,
  membersJoined: 1,
  size: 3,
  unitPriceMinor: 2000,
  currency: 'USD',
  devicesAllowed: 5,
  status: GroupBuyStatus.UNFINISHED,
  paymentType: GroupBuyPaymentType.PAY_SELF,
  creatorPaid: true,
  inviteLink: '/group-buying?groupId=G-1',
  viewerRole: 'creator',
  ...overrides,
});

const paging = { page: 1, pageSize: 10, setPage: vi.fn(), setPageSize: vi.fn() };
const renderList = (groups: GroupBuy[]) =>
  renderInLanguage(
    <GroupList
      groups={groups}
      total={groups.length}
      loading={false}
      paging={paging}
      caption="Created by me"
      now={now}
      origin="https://nimbus.example"
      language="en"
    />,
  );

describe('GroupList', () => {
  test('a recruiting group shows its members, a running countdown and the invite link to copy', () => {
    renderList([group()]);
    const card = screen.getByRole('listitem');
    expect(card).toHaveTextContent('1 year Standard');
    expect(card).toHaveTextContent('In progress');
    expect(card).toHaveTextContent('1/3 joined');
    expect(card).toHaveTextContent('Creatorka***@example.com');
    expect(card).toHaveTextContent('Devices allowed5');
    expect(card).toHaveTextContent('$20.00 / person');
    expect(card).toHaveTextContent('Everyone pays their share');
    expect(within(card).getByRole('timer', { name: 'Ends in' })).toHaveTextContent(
      /01h59m5\ds|02h00m00s/,
    );
    expect(within(card).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  test("a group past its end time reads 'Ended' and offers no link", () => {
    renderList([group({ expireAt: now - 1000 })]);
    const card = screen.getByRole('listitem');
    expect(card).toHaveTextContent('Expired');
    expect(card).toHaveTextContent('Ended');
    expect(within(card).queryByRole('button', { name: 'Copy Link' })).toBeNull();
  });

  test('a group whose creator has not paid says so', () => {
    renderList([group({ creatorPaid: false })]);
    expect(screen.getByRole('listitem')).toHaveTextContent('Waiting for the creator to pay');
  });

  test('a finished pay-all group with a free seat can still be shared', () => {
    renderList([
      group({
        status: GroupBuyStatus.FINISHED,
        paymentType: GroupBuyPaymentType.PAY_ALL,
        finishAt: now - 60_000,
        membersJoined: 2,
      }),
    ]);
    const card = screen.getByRole('listitem');
    expect(card).toHaveTextContent('Completed');
    expect(within(card).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  test('an empty list says there are no groups', () => {
    renderList([]);
    expect(screen.getByText("You haven't created or joined any group yet.")).toBeInTheDocument();
  });
});
