import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subscription, ThirdPartyStatus } from '@nimbus/api-sdk/contract';
import { formatDate } from '@nimbus/i18n';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { StatusCard } from './StatusCard.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';

const now = Date.UTC(2026, 3, 10, 8);
const day = 86_400_000;
const off: ThirdPartyStatus = {
  enabled: false,
  enabledAt: null,
  nextEnableAt: null,
  speedLimitMbps: 10,
  subscription: null,
};
const subscription: Subscription = {
  clash: 'https://nimbus.example/sub/tok?format=clash',
  singbox: 'https://nimbus.example/sub/tok?format=singbox',
  base64: 'https://nimbus.example/sub/tok?format=base64',
  surge: 'https://nimbus.example/sub/tok?format=surge',
  quantumultx: 'https://nimbus.example/sub/tok?format=quantumultx',
  loon: 'https://nimbus.example/sub/tok?format=loon',
  importLinks: {
    clash: 'clash://install-config?url=https%3A%2F%2Fnimbus.example%2Fsub%2Ftok%3Fformat%3Dclash',
    singbox:
      'sing-box://import-remote-profile?url=https%3A%2F%2Fnimbus.example%2Fsub%2Ftok%3Fformat%3Dsingbox#Nimbus',
    shadowrocket:
      'shadowrocket://add/sub://aHR0cHM6Ly9uaW1idXMuZXhhbXBsZS9zdWIvdG9rP2Zvcm1hdD1iYXNlNjQ=',
    surge: 'surge:///install-config?url=https%3A%2F%2Fnimbus.example%2Fsub%2Ftok%3Fformat%3Dsurge',
    quantumultx: 'quantumult-x:///add-resource?remote-resource=%7B%7D',
    loon: 'loon://import?nodelist=https%3A%2F%2Fnimbus.example%2Fsub%2Ftok%3Fformat%3Dloon',
  },
};

describe('StatusCard', () => {
  test('off and allowed: the notice of 10 Mbps and 7 days, and enabling after confirming', async () => {
    const events = userEvent.setup();
    const onEnable = vi.fn().mockResolvedValue(undefined);
    renderInLanguage(
      <StatusCard status={off} now={now} language="en" onEnable={onEnable} onDisable={vi.fn()} />,
    );
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(
      screen.getByText(
        'While the third-party client is enabled, your speed is limited to 10 Mbps.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('You can enable it once every 7 days.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Enable' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Enable the third-party client?' });
    await events.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(onEnable).toHaveBeenCalledOnce();
  });

  test('off within 7 days of the last enable: says when, and cannot be enabled', () => {
    renderInLanguage(
      <StatusCard
        status={{ ...off, nextEnableAt: now + 5 * day }}
        now={now}
        language="en"
        onEnable={vi.fn()}
        onDisable={vi.fn()}
      />,
    );
    expect(
      screen.getByText(`You can enable it again on ${formatDate(now + 5 * day, 'en')}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeDisabled();
  });

  test('on: disabling warns when it may be enabled again', async () => {
    const events = userEvent.setup();
    const onDisable = vi.fn().mockResolvedValue(undefined);
    renderInLanguage(
      <StatusCard
        status={{
          ...off,
          enabled: true,
          enabledAt: now - day,
          nextEnableAt: now + 6 * day,
          subscription,
        }}
        now={now}
        language="en"
        onEnable={vi.fn()}
        onDisable={onDisable}
      />,
    );
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Disable the third-party client?' });
    expect(dialog).toHaveTextContent(
      `You can enable it again on ${formatDate(now + 6 * day, 'en')}.`,
    );
    await events.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(onDisable).toHaveBeenCalledOnce();
  });
});

describe('SubscriptionCard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('each client has its link, a QR code and a one-click import deep link', async () => {
    const events = userEvent.setup();
    renderInLanguage(<SubscriptionCard subscription={subscription} onReset={vi.fn()} />);
    expect(screen.getByTestId('subscription-url-clash')).toHaveTextContent(subscription.clash);
    expect(screen.getByRole('link', { name: 'Import to Clash / mihomo' })).toHaveAttribute(
      'href',
      subscription.importLinks.clash,
    );
    expect(
      screen.getByRole('img', { name: /QR code of your subscription link/ }),
    ).toBeInTheDocument();
    await events.click(screen.getByRole('tab', { name: 'Shadowrocket' }));
    expect(screen.getByTestId('subscription-url-shadowrocket')).toHaveTextContent(
      subscription.base64,
    );
    expect(screen.getByRole('link', { name: 'Import to Shadowrocket' })).toHaveAttribute(
      'href',
      subscription.importLinks.shadowrocket,
    );
    for (const [tab, id] of [
      ['Surge', 'surge'],
      ['Quantumult X', 'quantumultx'],
      ['Loon', 'loon'],
    ] as const) {
      await events.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByTestId(`subscription-url-${id}`)).toHaveTextContent(subscription[id]);
      expect(screen.getByRole('link', { name: `Import to ${tab}` })).toHaveAttribute(
        'href',
        subscription.importLinks[id],
      );
    }
    await events.click(screen.getByRole('tab', { name: 'Shadowrocket' }));
    await events.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await navigator.clipboard.readText()).toBe(subscription.base64);
  });

  test('when an import opens nothing, the help to install the client or copy the link opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderInLanguage(<SubscriptionCard subscription={subscription} onReset={vi.fn()} />);
    const link = screen.getByRole('link', { name: 'Import to Clash / mihomo' });
    // jsdom cannot open clash:// ; the page simply stays, as it does when no client is installed.
    link.addEventListener('click', (event) => event.preventDefault());
    const help = screen.getByText("Import didn't open?").closest('details') as HTMLDetailsElement;
    expect(help.open).toBe(false);
    await events.click(link);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(help.open).toBe(true);
    expect(help).toHaveTextContent(
      'Make sure Clash / mihomo is installed, or copy the subscription link and add it in the client manually.',
    );
    expect(within(help).getByRole('link', { name: /Install Clash \/ mihomo/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\//),
    );
  });

  test('an import that hands over to the client (the page loses focus) opens no help', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderInLanguage(<SubscriptionCard subscription={subscription} onReset={vi.fn()} />);
    await events.click(screen.getByRole('tab', { name: 'sing-box' }));
    const link = screen.getByRole('link', { name: 'Import to sing-box' });
    link.addEventListener('click', (event) => event.preventDefault());
    await events.click(link);
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(
      (screen.getByText("Import didn't open?").closest('details') as HTMLDetailsElement).open,
    ).toBe(false);
  });

  test('resets the link only after confirming', async () => {
    const events = userEvent.setup();
    const onReset = vi.fn().mockResolvedValue(undefined);
    renderInLanguage(<SubscriptionCard subscription={subscription} onReset={onReset} />);
    await events.click(screen.getByRole('button', { name: 'Reset Link' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset your subscription link?' });
    expect(dialog).toHaveTextContent('The old link stops working immediately.');
    await events.click(within(dialog).getByRole('button', { name: 'Reset Link' }));
    expect(onReset).toHaveBeenCalledOnce();
  });
});
