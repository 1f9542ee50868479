export { ToastProvider, useToast, type ToastProviderProps } from './Toast.tsx';
export {
  createToastStore,
  defaultDurations,
  toast,
  toastTones,
  type ToastItem,
  type ToastOptions,
  type ToastStore,
  type ToastTone,
} from './toast-store.ts';
