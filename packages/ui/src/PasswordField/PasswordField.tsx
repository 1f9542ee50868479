import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../icons/icons.tsx';
import * as fieldStyles from '../TextField/Field.css.ts';
import { TextField, type TextFieldProps } from '../TextField/TextField.tsx';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'end'> {
  /** Name of the toggle while the password is hidden, e.g. "Show password". */
  showPasswordLabel: string;
  /** Name of the toggle while the password is shown, e.g. "Hide password". */
  hidePasswordLabel: string;
}

/**
 * A password input whose toggle switches between hidden and plain text without losing the caret.
 */
export function PasswordField({
  showPasswordLabel,
  hidePasswordLabel,
  autoComplete = 'current-password',
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className={fieldStyles.inlineButton}
      onClick={() => setVisible((value) => !value)}
      aria-label={visible ? hidePasswordLabel : showPasswordLabel}
      disabled={rest.disabled}
    >
      {visible ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize="off"
      end={toggle}
    />
  );
}
