import type { ReactNode } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';

export const toastTones = ['success', 'error', 'info'] as const;
export type ToastTone = (typeof toastTones)[number];

export interface ToastOptions {
  /** Milliseconds before it disappears by itself; 0 keeps it until dismissed. */
  duration?: number;
}

export interface ToastItem {
  id: string;
  tone: ToastTone;
  message: ReactNode;
  duration: number;
  /** Bumped when the same message is shown again, which restarts its timer. */
  version: number;
}

/** The queue as a zustand store (`getState()` is the visible toasts) with its actions. */
export interface ToastStore extends StoreApi<readonly ToastItem[]> {
  show: (tone: ToastTone, message: ReactNode, options?: ToastOptions) => string;
  success: (message: ReactNode, options?: ToastOptions) => string;
  error: (message: ReactNode, options?: ToastOptions) => string;
  info: (message: ReactNode, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

export const defaultDurations: Record<ToastTone, number> = {
  success: 4000,
  info: 5000,
  error: 6000,
};
const maxVisible = 4;

/**
 * A toast queue that lives outside React, so non-React code (the API client's error events)
 * can call `toast.error(msg)`; a ToastProvider renders it. The same text shown again while
 * visible is not stacked twice: its timer restarts instead (several failing calls, one toast).
 */
export function createToastStore(): ToastStore {
  const queue = createStore<readonly ToastItem[]>()(() => []);
  let counter = 0;

  const show = (tone: ToastTone, message: ReactNode, options: ToastOptions = {}) => {
    const duration = options.duration ?? defaultDurations[tone];
    const items = queue.getState();
    const same =
      typeof message === 'string'
        ? items.find((item) => item.tone === tone && item.message === message)
        : undefined;
    if (same) {
      queue.setState(
        items.map((item) =>
          item === same ? { ...item, duration, version: item.version + 1 } : item,
        ),
        true,
      );
      return same.id;
    }
    counter += 1;
    const id = `toast-${counter}`;
    queue.setState(
      [...items, { id, tone, message, duration, version: 0 }].slice(-maxVisible),
      true,
    );
    return id;
  };

  return {
    ...queue,
    show,
    success: (message, options) => show('success', message, options),
    error: (message, options) => show('error', message, options),
    info: (message, options) => show('info', message, options),
    dismiss: (id) => {
      const items = queue.getState();
      const next = items.filter((item) => item.id !== id);
      if (next.length !== items.length) queue.setState(next, true);
    },
    clear: () => queue.setState([], true),
  };
}

/** The app-wide queue: `toast.error('Network error. Please try again later.')`. */
export const toast = createToastStore();
