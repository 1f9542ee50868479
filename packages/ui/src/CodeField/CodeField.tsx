import { useEffect, useRef, useState } from 'react';
import * as fieldStyles from '../TextField/Field.css.ts';
import { TextField, type TextFieldProps } from '../TextField/TextField.tsx';
import { useRemaining } from '../hooks/useRemaining.ts';

export interface CodeFieldProps extends Omit<TextFieldProps, 'type' | 'end'> {
  /** Sends the verification code. The countdown starts only when the promise resolves. */
  onSend: () => Promise<unknown>;
  /** Called when onSend rejects (the app usually shows the error as a toast already). */
  onSendError?: (error: unknown) => void;
  /** Length of the wait before the code can be sent again, in seconds. */
  seconds?: number;
  sendLabel: string;
  /** Label after the first send, e.g. "Resend"; defaults to sendLabel. */
  resendLabel?: string;
  /** Label while counting, e.g. `(s) => \`Resend in ${s}s\``. */
  countdownLabel: (seconds: number) => string;
  /** Disables sending, e.g. while the email or phone number is not valid yet. */
  sendDisabled?: boolean;
}

/** A verification code input with a send button that waits `seconds` before it can send again. */
export function CodeField({
  onSend,
  onSendError,
  seconds = 60,
  sendLabel,
  resendLabel,
  countdownLabel,
  sendDisabled = false,
  disabled,
  ...rest
}: CodeFieldProps) {
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const [endAt, setEndAt] = useState<number | null>(null);
  const remainingMs = useRemaining(endAt);
  const secondsLeft = Math.ceil(remainingMs / 1000);
  const counting = secondsLeft > 0;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const send = async () => {
    if (sending || counting) return;
    setSending(true);
    try {
      await onSend();
      if (!mounted.current) return;
      setSentOnce(true);
      setEndAt(Date.now() + seconds * 1000);
    } catch (error) {
      onSendError?.(error);
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  const label = counting
    ? countdownLabel(secondsLeft)
    : sentOnce
      ? (resendLabel ?? sendLabel)
      : sendLabel;
  const button = (
    <button
      type="button"
      className={fieldStyles.inlineButton}
      onClick={() => void send()}
      disabled={disabled || sendDisabled || counting}
      aria-busy={sending || undefined}
      aria-disabled={sending || undefined}
    >
      {label}
    </button>
  );
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      {...rest}
      type="text"
      disabled={disabled}
      end={button}
    />
  );
}
