/** The catalogue keys (admin-groups) of the values the server sends as codes. */

const pick =
  <K extends string>(keys: Record<string, K>) =>
  (value: string): K | null =>
    Object.hasOwn(keys, value) ? (keys[value] ?? null) : null;

export const groupStateKey = pick({
  open: 'state_open',
  waiting: 'state_waiting',
  finished: 'state_finished',
  closed: 'state_closed',
} as const);

export const memberStatusKey = pick({
  pending: 'member_pending',
  joined: 'member_joined',
  released: 'member_released',
  refunded: 'member_refunded',
} as const);

export const refundReasonKey = pick({
  group_expired: 'reason_group_expired',
  group_closed: 'reason_group_closed',
  late_payment: 'reason_late_payment',
} as const);

export const refundStatusKey = pick({
  due: 'refund_due',
  processing: 'refund_processing',
  done: 'refund_done',
} as const);
