export { ToastProvider, useToast, type ToastProviderProps } from './Toast';
export {
  createToastStore,
  defaultDurations,
  toast,
  toastTones,
  type ToastItem,
  type ToastOptions,
  type ToastStore,
  type ToastTone,
} from './toast-store';
