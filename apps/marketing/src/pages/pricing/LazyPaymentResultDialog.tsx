import { lazy, Suspense, type ComponentProps } from 'react';
import type { PaymentResultDialog } from './PaymentResultDialog.tsx';

// The dialog (with Radix's dialog, 11 KB gzip) opens only after a checkout has started: a chunk
// of its own, loaded then.
const Dialog = lazy(() =>
  import('./PaymentResultDialog.tsx').then((module) => ({ default: module.PaymentResultDialog })),
);

/** The payment-result dialog, loaded when it first opens (pricing and group buying). */
export function LazyPaymentResultDialog(props: ComponentProps<typeof PaymentResultDialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
