import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '../Button/Button.tsx';
import { CheckIcon, CopyIcon } from '../icons/icons.tsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import { copyText } from './copy-text.ts';

/** How long the 'copied' label stays (spec section 4: 3 s). */
export const copiedDurationMs = 3000;

export interface CopyButtonProps extends Omit<
  ButtonProps,
  'children' | 'onClick' | 'icon' | 'onCopy'
> {
  /** The text put on the clipboard. */
  text: string;
  label: string;
  copiedLabel: string;
  /**
   * Shown for the same time when the browser refuses to copy, e.g. "Copy failed, select the text
   * manually".
   */
  failedLabel?: string;
  onCopy?: (copied: boolean) => void;
  /** Override for tests or special clipboards. */
  copy?: (text: string) => Promise<boolean>;
  duration?: number;
}

type State = 'idle' | 'copied' | 'failed';

/** Copies `text` and says 'copied' for 3 s, in the button and to screen readers. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  failedLabel,
  onCopy,
  copy = copyText,
  duration = copiedDurationMs,
  variant = 'secondary',
  size = 'sm',
  ...rest
}: CopyButtonProps) {
  const [state, setState] = useState<State>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const handleClick = async () => {
    const copied = await copy(text);
    onCopy?.(copied);
    setState(copied ? 'copied' : failedLabel ? 'failed' : 'idle');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), duration);
  };

  const current =
    state === 'copied' ? copiedLabel : state === 'failed' && failedLabel ? failedLabel : label;
  return (
    <>
      <Button
        {...rest}
        variant={variant}
        size={size}
        icon={state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        onClick={() => void handleClick()}
      >
        {current}
      </Button>
      <span role="status" className={visuallyHidden}>
        {state === 'idle' ? '' : current}
      </span>
    </>
  );
}
