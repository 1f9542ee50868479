import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { clsx } from 'clsx';
import { EditIcon } from '../icons/icons.tsx';
import * as styles from './InlineEdit.css.ts';
import { sanitizeInlineText } from './sanitize.ts';

export interface InlineEditProps {
  value: string;
  /**
   * Receives the cleaned text. A returned promise keeps the field busy; if it rejects the field
   * stays open.
   */
  onSave: (value: string) => void | Promise<unknown>;
  /** Accessible name of the input, e.g. "Device name". */
  label: string;
  /** Accessible name of the edit button, e.g. "Edit device name". */
  editLabel: string;
  /** Shown (and announced) when the cleaned text is empty, e.g. "Name cannot be empty". */
  emptyMessage: string;
  /** Shown when value is empty in display mode. */
  placeholder?: string;
  maxLength?: number;
  className?: string;
}

/**
 * Text that can be edited in place (spec section 5): Enter saves, Esc cancels, leaving the field
 * saves; newlines are stripped and the text trimmed; empty text is refused with a message.
 */
export function InlineEdit({
  value,
  onSave,
  label,
  editLabel,
  emptyMessage,
  placeholder,
  maxLength,
  className,
}: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [empty, setEmpty] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // Set when Esc or a save closes the field, so the blur that follows does not save again.
  const closing = useRef(false);
  const returnFocus = useRef(false);
  const errorId = useId();

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing]);

  const start = () => {
    closing.current = false;
    setDraft(value);
    setEmpty(false);
    setEditing(true);
  };

  const finish = (focusButton: boolean) => {
    closing.current = true;
    returnFocus.current = focusButton;
    setEmpty(false);
    setEditing(false);
  };

  const save = async (focusButton: boolean) => {
    if (closing.current || busy) return;
    const clean = sanitizeInlineText(draft);
    if (clean === '') {
      setEmpty(true);
      return;
    }
    if (clean === value) {
      finish(focusButton);
      return;
    }
    try {
      const result = onSave(clean);
      if (result instanceof Promise) {
        setBusy(true);
        await result;
      }
      finish(focusButton);
    } catch {
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(true);
    }
  };

  if (!editing) {
    return (
      <span className={clsx(styles.display, className)}>
        <span className={styles.value}>{value || placeholder}</span>
        <button
          ref={editButtonRef}
          type="button"
          className={styles.editButton}
          aria-label={editLabel}
          onClick={start}
        >
          <EditIcon />
        </button>
      </span>
    );
  }

  return (
    <span className={clsx(styles.root, className)}>
      <input
        ref={inputRef}
        className={styles.input}
        value={draft}
        aria-label={label}
        aria-invalid={empty || undefined}
        aria-describedby={empty ? errorId : undefined}
        aria-busy={busy || undefined}
        readOnly={busy}
        maxLength={maxLength}
        enterKeyHint="done"
        onChange={(event) => {
          setDraft(event.target.value);
          if (empty) setEmpty(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void save(false)}
      />
      <span aria-live="polite">
        {empty && (
          <span id={errorId} className={styles.error}>
            {emptyMessage}
          </span>
        )}
      </span>
    </span>
  );
}
