import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeField } from './CodeField.tsx';

const labels = {
  label: 'Code',
  sendLabel: 'Send code',
  resendLabel: 'Resend',
  countdownLabel: (s: number) => `Resend in ${s}s`,
};

describe('CodeField', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down after a successful send, disabled while counting, then offers resend', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    render(<CodeField {...labels} seconds={3} onSend={onSend} />);
    const button = screen.getByRole('button', { name: 'Send code' });

    await act(async () => {
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button).toHaveTextContent('Resend in 3s');
    expect(button).toBeDisabled();

    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledTimes(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(button).toHaveTextContent('Resend in 2s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(button).toHaveTextContent('Resend');
    expect(button).toBeEnabled();

    await act(async () => {
      fireEvent.click(button);
    });
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(button).toHaveTextContent('Resend in 3s');
  });

  it('is busy while sending and does not count down when sending fails', async () => {
    let reject: (error: Error) => void = () => undefined;
    const onSendError = vi.fn();
    render(
      <CodeField
        {...labels}
        onSend={() =>
          new Promise((_, r) => {
            reject = r;
          })
        }
        onSendError={onSendError}
      />,
    );
    const button = screen.getByRole('button', { name: 'Send code' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      reject(new Error('too many requests'));
    });
    expect(onSendError).toHaveBeenCalledWith(new Error('too many requests'));
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toHaveTextContent('Send code');
    expect(button).toBeEnabled();
  });

  it('respects sendDisabled and is a one-time-code input', () => {
    render(<CodeField {...labels} onSend={() => Promise.resolve()} sendDisabled />);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
  });
});
