import { act, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { useAfterPaint } from './use-after-paint.ts';

function Page({ ready }: { ready: boolean }) {
  const later = useAfterPaint(ready);
  return (
    <div>
      {ready && <p>plans</p>}
      {later && <p>summary</p>}
    </div>
  );
}

describe('useAfterPaint', () => {
  test('shows the second part one task after the first, and keeps it', async () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(<Page ready={false} />);
      await act(() => vi.runAllTimersAsync());
      expect(screen.queryByText('summary')).toBeNull();

      rerender(<Page ready />);
      expect(screen.getByText('plans')).toBeTruthy();
      expect(screen.queryByText('summary')).toBeNull();
      await act(() => vi.runAllTimersAsync());
      expect(screen.getByText('summary')).toBeTruthy();

      rerender(<Page ready={false} />);
      expect(screen.getByText('summary')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
