import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button.tsx';

describe('Button', () => {
  it('is a button named by its text and of type button by default (never submits by accident)', () => {
    render(<Button>Buy</Button>);
    const button = screen.getByRole('button', { name: 'Buy' });
    expect(button).toHaveAttribute('type', 'button');
  });

  it('calls onClick from mouse and keyboard', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(<Button onClick={onClick}>Buy</Button>);
    await user.click(screen.getByRole('button'));
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('while loading is aria-busy, keeps its name and focus, and ignores clicks', async () => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(
      <Button loading loadingLabel="Processing" onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Pay/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAccessibleName('Pay Processing');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    // Unlike a disabled button it keeps focus, so keyboard users do not lose their place.
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not fire when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Buy
      </Button>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('takes ref as a prop (React 19)', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Buy</Button>);
    expect(ref.current).toBeInstanceOf(HTMLButtonElement);
  });
});
