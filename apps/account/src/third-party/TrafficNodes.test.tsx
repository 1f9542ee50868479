import { screen, within } from '@testing-library/react';
import type { Traffic } from '@nimbus/api-sdk/contract';
import { BYTES_PER_GB } from '@nimbus/domain';
import { describe, expect, test } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { NodesCard } from './NodesCard.tsx';
import { TrafficCard } from './TrafficCard.tsx';

const DAY = 86_400_000;
const today = Date.UTC(2026, 3, 10);
const traffic: Traffic = {
  cycleStart: Date.UTC(2026, 3, 1),
  upload: 12_345_678,
  download: 1_049_000_000,
  quota: null,
  days: Array.from({ length: 30 }, (_, i) => {
    const day = today - (29 - i) * DAY;
    return day === today
      ? { day, upload: 2_000_000, download: 900_000_000 }
      : day === today - DAY
        ? { day, upload: 10_345_678, download: 149_000_000 }
        : { day, upload: 0, download: 0 };
  }),
};

describe('TrafficCard', () => {
  test("this month's download, upload and total, and a bar per day", () => {
    renderInLanguage(<TrafficCard traffic={traffic} language="en" />);
    expect(screen.getByText('Used this month (since Apr 1, 2026)')).toBeInTheDocument();
    const figures = screen.getByTestId('traffic-figures');
    expect(within(figures).getByText('Download').nextSibling).toHaveTextContent('1.05 GB');
    expect(within(figures).getByText('Upload').nextSibling).toHaveTextContent('12.3 MB');
    expect(within(figures).getByText('Total').nextSibling).toHaveTextContent('1.06 GB');
    expect(screen.getByTestId('traffic-chart').querySelectorAll('g')).toHaveLength(30);
  });

  test('screen readers get the days with traffic as a table', () => {
    renderInLanguage(<TrafficCard traffic={traffic} language="en" />);
    const table = screen.getByRole('table', { name: 'Last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Apr 10, 2026900 MB2 MB');
  });

  test('in Chinese', () => {
    renderInLanguage(<TrafficCard traffic={traffic} language="zh-CN" />, 'zh-CN');
    expect(screen.getByText('本月已用（自 2026年4月1日 起）')).toBeInTheDocument();
  });
});

describe('TrafficCard with a quota', () => {
  const GB = BYTES_PER_GB;
  const quota = (usedGb: number, extra: Partial<NonNullable<Traffic['quota']>> = {}) => ({
    ...traffic,
    quota: {
      quotaGb: 100,
      reset: 'month_start' as const,
      allowanceBytes: 100 * GB,
      usedBytes: usedGb * GB,
      percent: usedGb,
      cycleStart: Date.UTC(2026, 3, 1),
      nextReset: Date.UTC(2026, 4, 1),
      over: usedGb >= 100,
      ...extra,
    },
  });

  test('used of allowed on a meter, and when it starts again; no "no data cap"', () => {
    renderInLanguage(<TrafficCard traffic={quota(42)} language="en" />);
    expect(screen.getByText('Used this cycle (since Apr 1, 2026)')).toBeInTheDocument();
    const meter = screen.getByRole('progressbar', { name: 'Traffic used this cycle' });
    expect(meter).toHaveAttribute('aria-valuenow', '42');
    expect(meter).toHaveAttribute('aria-valuetext', '42 GB of 100 GB (42%)');
    expect(screen.getByText('Starts again from zero on May 1, 2026 (UTC).')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/no data cap/)).toBeNull();
  });

  test('from 80 % it warns; at 100 % it says the devices cannot connect and offers more', () => {
    const { unmount } = renderInLanguage(<TrafficCard traffic={quota(85)} language="en" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You have used 85% of your traffic this cycle.',
    );
    unmount();
    renderInLanguage(<TrafficCard traffic={quota(100)} language="en" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You have used all of your traffic: your devices cannot connect until May 1, 2026 (UTC), or until you buy a plan or support adds more.',
    );
    expect(screen.getByRole('link', { name: 'Get More Traffic' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  test('a quota that never resets says so, in Chinese too', () => {
    const never = quota(100, { reset: 'never', nextReset: null });
    const { unmount } = renderInLanguage(<TrafficCard traffic={never} language="en" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'your devices cannot connect until you buy a plan or support adds more.',
    );
    expect(
      screen.getByText(
        "Your plan's traffic does not start again: buy a plan or ask support for more.",
      ),
    ).toBeInTheDocument();
    unmount();
    renderInLanguage(<TrafficCard traffic={never} language="zh-CN" />, 'zh-CN');
    expect(screen.getByRole('status')).toHaveTextContent(
      '您的流量已用完：购买套餐或由客服增加流量之前，设备无法连接。',
    );
  });
});

describe('NodesCard', () => {
  test('each server with its flag, named region, status and last report', () => {
    renderInLanguage(
      <NodesCard
        language="en"
        items={[
          { name: 'Tokyo 1', region: 'JP', online: true, lastSeenAt: today },
          { name: 'Hong Kong 1', region: 'HK', online: false, lastSeenAt: null },
        ]}
      />,
    );
    const [tokyo, hongKong] = within(screen.getByTestId('node-list')).getAllByRole('listitem');
    expect(within(tokyo as HTMLElement).getByRole('img', { name: 'Japan' })).toHaveTextContent(
      '🇯🇵',
    );
    expect(tokyo).toHaveTextContent('Tokyo 1');
    expect(tokyo).toHaveTextContent('Online');
    expect(hongKong).toHaveTextContent('Offline');
    expect(hongKong).toHaveTextContent('No report yet');
  });

  test('no server open to the plan says so', () => {
    renderInLanguage(<NodesCard language="en" items={[]} />);
    expect(screen.getByRole('status')).toHaveTextContent('No servers are open to your plan');
  });
});
