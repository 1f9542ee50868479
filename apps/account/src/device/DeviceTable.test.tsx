import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Device } from '@nimbus/api-sdk/contract';
import { DeviceKind, DevicePlatform } from '@nimbus/domain';
import { describe, expect, test, vi } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { DeviceTable } from './DeviceTable.tsx';

const device = (overrides: Partial<Device> = {}): Device => ({
  id: 'D-iphone-1',
  type: DevicePlatform.IOS,
  kind: DeviceKind.MOBILE,
  system: 'iOS 18.2',
  version: '3.4.0',
  name: "Kate's iPhone",
  boundAt: Date.UTC(2026, 0, 1),
  current: false,
  ...overrides,
});

describe('DeviceTable', () => {
  test('shows type, id, system, version and name of each device', () => {
    renderInLanguage(
      <DeviceTable
        devices={[
          device(),
          device({
            id: 'D-win',
            type: DevicePlatform.WINDOWS,
            kind: DeviceKind.PC,
            system: 'Windows 11',
            name: 'Desk',
            current: true,
          }),
        ]}
        loading={false}
        onRename={vi.fn()}
        onUnbind={vi.fn()}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('iOS');
    expect(rows[0]).toHaveTextContent('Phone / tablet');
    expect(rows[0]).toHaveTextContent('D-iphone-1');
    expect(rows[0]).toHaveTextContent('iOS 18.2');
    expect(rows[0]).toHaveTextContent('3.4.0');
    expect(rows[0]).toHaveTextContent("Kate's iPhone");
    expect(rows[1]).toHaveTextContent('Windows');
    expect(rows[1]).toHaveTextContent('Computer');
    expect(rows[1]).toHaveTextContent('This device');
  });

  test('renames in place: Enter saves the cleaned name, Esc cancels', async () => {
    const events = userEvent.setup();
    const onRename = vi.fn().mockResolvedValue(undefined);
    renderInLanguage(
      <DeviceTable devices={[device()]} loading={false} onRename={onRename} onUnbind={vi.fn()} />,
    );
    await events.click(screen.getByRole('button', { name: "Rename Kate's iPhone" }));
    const input = screen.getByRole('textbox', { name: 'Name' });
    await events.keyboard('{Escape}');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(input).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: "Rename Kate's iPhone" }));
    await events.clear(screen.getByRole('textbox', { name: 'Name' }));
    await events.type(screen.getByRole('textbox', { name: 'Name' }), '  Work phone  {Enter}');
    expect(onRename).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'D-iphone-1' }),
      'Work phone',
    );
  });

  test('leaving the field saves, and an empty name is refused', async () => {
    const events = userEvent.setup();
    const onRename = vi.fn().mockResolvedValue(undefined);
    renderInLanguage(
      <DeviceTable devices={[device()]} loading={false} onRename={onRename} onUnbind={vi.fn()} />,
    );
    await events.click(screen.getByRole('button', { name: "Rename Kate's iPhone" }));
    await events.clear(screen.getByRole('textbox', { name: 'Name' }));
    await events.keyboard('{Enter}');
    expect(screen.getByText('This field cannot be empty')).toBeInTheDocument();
    await events.type(screen.getByRole('textbox', { name: 'Name' }), 'Travel');
    await events.tab();
    expect(onRename).toHaveBeenCalledWith(expect.objectContaining({ id: 'D-iphone-1' }), 'Travel');
  });

  test('unbinds only after confirming', async () => {
    const events = userEvent.setup();
    const onUnbind = vi.fn().mockResolvedValue(null);
    renderInLanguage(
      <DeviceTable devices={[device()]} loading={false} onRename={vi.fn()} onUnbind={onUnbind} />,
    );
    await events.click(screen.getByRole('button', { name: "Unbind Kate's iPhone" }));
    const dialog = screen.getByRole('alertdialog', { name: 'Unbind this device?' });
    expect(dialog).toHaveTextContent(`"Kate's iPhone" will be logged out`);
    // Focus starts on Cancel: Enter does not unbind by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onUnbind).not.toHaveBeenCalled();
    await events.click(screen.getByRole('button', { name: "Unbind Kate's iPhone" }));
    await events.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unbind' }),
    );
    expect(onUnbind).toHaveBeenCalledWith(expect.objectContaining({ id: 'D-iphone-1' }));
  });

  test('says how to add a device when there is none', () => {
    renderInLanguage(
      <DeviceTable devices={[]} loading={false} onRename={vi.fn()} onUnbind={vi.fn()} />,
    );
    expect(
      screen.getByText('No devices yet. Download the app and log in to add one.'),
    ).toBeInTheDocument();
  });
});
