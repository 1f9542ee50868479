import { FEATURES, type FeatureSwitches } from '@nimbus/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { SiteLayout } from '../app/SiteLayout.tsx';
import { displayConfigStore, type DisplayConfig } from '../services/display-config-store.ts';
import { Page, renderApp } from '../test-utils.tsx';
import { DISMISSED_NOTICES_KEY } from './dismissed-notices.ts';

const NOW = Date.now();
const switches = (on: Partial<FeatureSwitches> = {}): FeatureSwitches => ({
  ...(Object.fromEntries(FEATURES.map((f) => [f, true])) as Record<keyof FeatureSwitches, boolean>),
  studentDiscount: false,
  ...on,
});
const notice = (id: string, en: string, extra: Partial<DisplayConfig['notices'][number]> = {}) => ({
  id,
  level: 'info' as const,
  text: { en, 'zh-CN': `${en}（中文）` },
  link: null,
  startsAt: null,
  endsAt: null,
  ...extra,
});
function receive(config: Partial<DisplayConfig>) {
  act(() =>
    displayConfigStore.setState(
      {
        config: { notices: [], features: switches(), highlightProductId: null, ...config },
        receivedAt: NOW,
      },
      true,
    ),
  );
}
const renderSite = () =>
  renderApp([
    {
      Component: SiteLayout,
      children: [{ path: '*', element: <Page>page</Page> }],
    },
  ]);

afterEach(() => {
  act(() => displayConfigStore.setState(undefined, true));
  localStorage.clear();
});

describe('site notices', () => {
  test('none before the display config arrives, then each notice in force in the reader language', async () => {
    await renderSite();
    expect(screen.queryByRole('region', { name: 'Site notices' })).toBeNull();
    receive({
      notices: [
        notice('maint', 'Maintenance on Sunday 02:00 UTC.', { link: 'https://status.example' }),
        notice('later', 'Not yet.', { startsAt: NOW + 60_000 }),
      ],
    });
    const region = screen.getByRole('region', { name: 'Site notices' });
    expect(region).toHaveTextContent('Maintenance on Sunday 02:00 UTC.');
    expect(region).not.toHaveTextContent('Not yet.');
    expect(within(region).getByRole('link', { name: 'Learn more' })).toHaveAttribute(
      'href',
      'https://status.example',
    );
  });

  test('a dismissed notice stays dismissed (by id, in this browser); a new one shows', async () => {
    await renderSite();
    receive({ notices: [notice('a', 'First notice.'), notice('b', 'Second notice.')] });
    const first = screen.getByText('First notice.').closest('div') ?? document.body;
    await userEvent.click(within(first).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('First notice.')).toBeNull();
    expect(screen.getByText('Second notice.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(DISMISSED_NOTICES_KEY) ?? '[]')).toEqual(['a']);
    receive({ notices: [notice('a', 'First notice, edited.'), notice('c', 'Third notice.')] });
    expect(screen.queryByText(/First notice/)).toBeNull();
    expect(screen.getByText('Third notice.')).toBeInTheDocument();
  });
});

describe('feature switches in the header and footer', () => {
  test('the affiliate links go while the programme is off; the student discount link shows only while on', async () => {
    await renderSite();
    const footer = screen.getByRole('contentinfo');
    // Before the switches arrive: as pre-rendered (affiliate shown, the opt-in discount not).
    expect(within(footer).getByRole('link', { name: 'Affiliate' })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Student Discount' })).toBeNull();

    receive({ features: switches({ affiliate: false, studentDiscount: true }) });
    expect(within(footer).queryByRole('link', { name: 'Affiliate' })).toBeNull();
    expect(screen.queryAllByRole('link', { name: 'Affiliate' })).toHaveLength(0);
    expect(within(footer).getByRole('link', { name: 'Student Discount' })).toHaveAttribute(
      'href',
      '/faq#student-discount',
    );
  });
});
