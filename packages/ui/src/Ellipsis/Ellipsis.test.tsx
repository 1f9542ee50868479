import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Ellipsis } from './Ellipsis.tsx';

// jsdom has no layout: give paragraphs the sizes a browser would measure for overflowing text.
function simulateOverflow(overflowing: boolean) {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get: () => (overflowing ? 60 : 20),
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 20,
  });
}

describe('Ellipsis', () => {
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });

  it('clamps to one row by default and keeps the full text for screen readers', () => {
    simulateOverflow(true);
    render(<Ellipsis>Long text</Ellipsis>);
    const text = screen.getByText('Long text');
    expect(text).toHaveStyle({ WebkitLineClamp: '1' });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('uses the rows prop', () => {
    simulateOverflow(true);
    render(<Ellipsis rows={3}>Long text</Ellipsis>);
    expect(screen.getByText('Long text')).toHaveStyle({ WebkitLineClamp: '3' });
  });

  it('expands and collapses with a toggle that reports aria-expanded', async () => {
    simulateOverflow(true);
    const user = userEvent.setup();
    render(
      <Ellipsis expandable expandLabel="Show more" collapseLabel="Show less">
        Long text
      </Ellipsis>,
    );
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', screen.getByText('Long text').id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Show less');
    expect(screen.getByText('Long text').style.webkitLineClamp).toBe('');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveTextContent('Show more');
  });

  it('offers no toggle when the text fits', () => {
    simulateOverflow(false);
    render(
      <Ellipsis expandable expandLabel="Show more" collapseLabel="Show less">
        Short
      </Ellipsis>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
