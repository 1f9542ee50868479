/** An instant as the console shows it: UTC, to the minute (operators compare logs in UTC). */
export const when = (ms: number | null | undefined): string =>
  ms === null || ms === undefined
    ? '-'
    : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const ORDER_STATUS_KEYS = {
  pending: 'order_status_pending',
  paid: 'order_status_paid',
  failed: 'order_status_failed',
  expired: 'order_status_expired',
  refunded: 'order_status_refunded',
} as const;

/** The catalogue key of an order state (null for a state this console does not know). */
export const orderStatusKey = (status: string) =>
  Object.hasOwn(ORDER_STATUS_KEYS, status)
    ? ORDER_STATUS_KEYS[status as keyof typeof ORDER_STATUS_KEYS]
    : null;
