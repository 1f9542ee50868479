import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs.tsx';

const items = [
  { value: 'username', label: 'Username', content: 'Username form' },
  { value: 'email', label: 'Email', content: 'Email form' },
  { value: 'phone', label: 'Phone', content: 'Phone form' },
];

describe('Tabs', () => {
  it('shows the first tab, named tab list and linked panel', () => {
    render(<Tabs items={items} label="Log in with" />);
    expect(screen.getByRole('tablist', { name: 'Log in with' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Username' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Username' })).toHaveTextContent('Username form');
  });

  it('moves with arrow keys, wraps, and jumps with Home/End', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Tabs items={items} label="Log in with" onValueChange={onValueChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Username' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Email' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Email form');
    expect(onValueChange).toHaveBeenLastCalledWith('email');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Phone' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Username' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Phone' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Username form');
  });

  it('Tab from the tab list goes to the panel, not the next tab', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} label="Log in with" />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('can be controlled', async () => {
    const { rerender } = render(<Tabs items={items} label="Log in with" value="phone" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Phone form');
    rerender(<Tabs items={items} label="Log in with" value="email" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Email form');
  });
});
