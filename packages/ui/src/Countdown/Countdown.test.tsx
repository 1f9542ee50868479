import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown.tsx';
import { timeParts } from './time-parts.ts';

const props = {
  units: { days: 'd', hours: 'h', minutes: 'm', seconds: 's' },
  endedLabel: 'Ended',
  label: 'Time left',
};

describe('timeParts', () => {
  it.each([
    [0, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [999, { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    [61_000, { days: 0, hours: 0, minutes: 1, seconds: 1 }],
    [90_061_000, { days: 1, hours: 1, minutes: 1, seconds: 1 }],
    [-5000, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
  ])('%d ms', (ms, expected) => {
    expect(timeParts(ms)).toEqual(expected);
  });
});

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows days, hours, minutes and seconds to the end timestamp', () => {
    render(<Countdown {...props} endAt={Date.now() + 90_061_000} />);
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('1d01h01m01s');
  });

  it('ticks every second, shows Ended at zero and calls onEnd once', () => {
    const onEnd = vi.fn();
    render(<Countdown {...props} endAt={Date.now() + 3000} onEnd={onEnd} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00h00m03s');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00h00m02s');
    expect(onEnd).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('Ended');
    expect(onEnd).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('is Ended straight away for a past end and still calls onEnd', () => {
    const onEnd = vi.fn();
    render(<Countdown {...props} endAt={Date.now() - 1} onEnd={onEnd} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Ended');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('restarts when given a new end', () => {
    const onEnd = vi.fn();
    const { rerender } = render(<Countdown {...props} endAt={Date.now() - 1} onEnd={onEnd} />);
    rerender(<Countdown {...props} endAt={Date.now() + 65_000} onEnd={onEnd} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00h01m05s');
  });
});
