import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ProgressMeter } from './ProgressMeter.tsx';

describe('ProgressMeter', () => {
  test('is a progressbar with its label and its value in words', () => {
    render(<ProgressMeter percent={42.7} label="Traffic used" valueText="42.7 GB of 100 GB" />);
    const bar = screen.getByRole('progressbar', { name: 'Traffic used' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuetext', '42.7 GB of 100 GB');
  });

  test('past 100 % it fills the track and says 100; below 0 it is empty', () => {
    const { rerender } = render(<ProgressMeter percent={130} label="Used" valueText="130 %" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    rerender(<ProgressMeter percent={-5} label="Used" valueText="none" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });
});
