import type { ReactNode } from 'react';

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

export interface ToastStore {
  show: (tone: ToastTone, message: ReactNode, options?: ToastOptions) => string;
  success: (message: ReactNode, options?: ToastOptions) => string;
  error: (message: ReactNode, options?: ToastOptions) => string;
  info: (message: ReactNode, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly ToastItem[];
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
  let items: readonly ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  const show = (tone: ToastTone, message: ReactNode, options: ToastOptions = {}) => {
    const duration = options.duration ?? defaultDurations[tone];
    const same =
      typeof message === 'string'
        ? items.find((item) => item.tone === tone && item.message === message)
        : undefined;
    if (same) {
      items = items.map((item) =>
        item === same ? { ...item, duration, version: item.version + 1 } : item,
      );
      emit();
      return same.id;
    }
    counter += 1;
    const id = `toast-${counter}`;
    items = [...items, { id, tone, message, duration, version: 0 }].slice(-maxVisible);
    emit();
    return id;
  };

  return {
    show,
    success: (message, options) => show('success', message, options),
    error: (message, options) => show('error', message, options),
    info: (message, options) => show('info', message, options),
    dismiss: (id) => {
      const next = items.filter((item) => item.id !== id);
      if (next.length !== items.length) {
        items = next;
        emit();
      }
    },
    clear: () => {
      items = [];
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
  };
}

/** The app-wide queue: `toast.error('Network error. Please try again later.')`. */
export const toast = createToastStore();
