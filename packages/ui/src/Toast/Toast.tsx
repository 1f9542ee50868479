import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { AlertIcon, CheckIcon, CloseIcon } from '../icons/icons.tsx';
import * as styles from './Toast.css.ts';
import { toast as defaultStore, type ToastItem, type ToastStore } from './toast-store.ts';

const ToastContext = createContext<ToastStore>(defaultStore);

export interface ToastProviderProps {
  /** Names the notification region, e.g. "Notifications". */
  label: string;
  /** Name of each toast's × button, e.g. "Dismiss". */
  dismissLabel: string;
  /** Defaults to the app-wide `toast` queue. */
  store?: ToastStore;
  children?: ReactNode;
}

/**
 * Renders the toast queue. Errors go to an assertive live region, other toasts to a polite one;
 * both regions exist before any toast so screen readers announce what is added. A toast's
 * timer pauses while it is hovered or focused (WCAG 2.2.1).
 */
export function ToastProvider({
  label,
  dismissLabel,
  store = defaultStore,
  children,
}: ToastProviderProps) {
  const items = useStore(store);
  const polite = items.filter((item) => item.tone !== 'error');
  const assertive = items.filter((item) => item.tone === 'error');
  return (
    <ToastContext.Provider value={store}>
      {children}
      <section aria-label={label} className={styles.viewport}>
        <ol aria-live="assertive" aria-relevant="additions text" className={styles.list}>
          {assertive.map((item) => (
            <Toast key={item.id} item={item} store={store} dismissLabel={dismissLabel} />
          ))}
        </ol>
        <ol aria-live="polite" aria-relevant="additions text" className={styles.list}>
          {polite.map((item) => (
            <Toast key={item.id} item={item} store={store} dismissLabel={dismissLabel} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

/** The queue of the nearest ToastProvider: `const toast = useToast(); toast.success('Copied')`. */
export function useToast(): ToastStore {
  return useContext(ToastContext);
}

function Toast({
  item,
  store,
  dismissLabel,
}: {
  item: ToastItem;
  store: ToastStore;
  dismissLabel: string;
}) {
  const { id, duration, version } = item;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useCallback(() => {
    clearTimeout(timer.current);
    if (duration > 0) timer.current = setTimeout(() => store.dismiss(id), duration);
  }, [store, id, duration]);
  const pause = useCallback(() => clearTimeout(timer.current), []);

  useEffect(() => {
    start();
    return pause;
    // Restarts too when the same message is shown again (a new version of the same toast).
  }, [start, pause, version]);

  return (
    <li
      className={styles.toast({ tone: item.tone })}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <span className={styles.icon({ tone: item.tone })}>
        {item.tone === 'success' ? <CheckIcon /> : <AlertIcon />}
      </span>
      <span className={styles.message}>{item.message}</span>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={dismissLabel}
        onClick={() => store.dismiss(item.id)}
      >
        <CloseIcon />
      </button>
    </li>
  );
}
