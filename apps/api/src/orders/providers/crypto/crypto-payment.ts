import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { OrderStatus, validateTxHash } from '@nimbus/domain';
import type { Hex } from 'viem';
import { userActor, writeAudit, type Actor } from '../../../audit/index.ts';
import type { Db } from '../../../db/database.ts';
import { Refusal, validationRefusal } from '../../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../../http/handler.ts';
import type { OrderRow } from '../../order-hooks.ts';
import { findOwnOrder, markOrderPaid } from '../../lifecycle.ts';
import {
  allOrderColumns,
  findOrder,
  lockOrder,
  orderColumns,
  withLockedOrder,
} from '../../order-store.ts';
import type { OrderServices } from '../../order-services.ts';
import type { CryptoGateway, TransferCheck } from './crypto-gateway.ts';

type Status = ResponseOf<'paymentCryptoSubmit'>['status'];

function gatewayOf(services: OrderServices): CryptoGateway {
  const gateway = services.orders.crypto;
  if (!gateway) throw new Refusal(ErrorCode.PAYMENT_METHOD_UNAVAILABLE);
  return gateway;
}

const reference = (order: OrderRow) => `NMB-${order.public_id}`;

// POST /api/payment/payment_crypto_details
/**
 * payment_crypto_details: the transfer the wallet must make for a pending crypto order on the
 * chosen network and token (recipient, amount in base units with the order's tag). The choice
 * can change until a transaction has been offered for the order.
 */
export async function cryptoDetails(
  input: RequestOf<'paymentCryptoDetails'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'paymentCryptoDetails'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  const gateway = gatewayOf(services);
  const order = await findOwnOrder(services.db, userId, input.orderId);
  if (
    order.provider !== 'crypto' ||
    order.status !== OrderStatus.PENDING ||
    order.expires_at <= now
  )
    throw new Refusal(ErrorCode.ORDER_NOT_PAYABLE);
  const network = gateway.network(input.chainId);
  const token = gateway.token(input.chainId, input.token);
  if (!network || !token || order.currency !== 'USD')
    throw new Refusal(ErrorCode.CRYPTO_UNSUPPORTED);
  const amount = gateway.amountFor(token, order.amount_minor, order.id);
  const tokenAddress = token.address?.toLowerCase() ?? null;

  await services.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, services.dialect, { id: order.id });
    const offered = await trx
      .selectFrom('crypto_transactions')
      .select('tx_hash')
      .where('order_id', '=', order.id)
      .where('status', '!=', 'rejected')
      .executeTakeFirst();
    const quote = await trx
      .selectFrom('crypto_quotes')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    const same = quote && quote.chain_id === network.chainId && quote.token_symbol === token.symbol;
    // A transaction is on its way for the quote already given: that quote stands.
    if (offered && quote && !same) throw new Refusal(ErrorCode.ORDER_NOT_PAYABLE);
    if (!locked || same) return;
    await trx.deleteFrom('crypto_quotes').where('order_id', '=', order.id).execute();
    await trx
      .insertInto('crypto_quotes')
      .values({
        order_id: order.id,
        chain_id: network.chainId,
        token_symbol: token.symbol,
        token_address: tokenAddress,
        recipient: gateway.recipient,
        amount_base: amount.toString(),
        created_at: now,
      })
      .execute();
  });
  return {
    orderId: order.public_id,
    network: { chainId: network.chainId, name: network.name },
    token: { symbol: token.symbol, address: token.address, decimals: token.decimals },
    recipient: gateway.recipient,
    amount: amount.toString(),
    reference: reference(order),
    expiresAt: order.expires_at,
  };
}

/** Checks a claimed transaction for its order; undefined when no quote exists any more. */
async function checkClaim(
  services: OrderServices,
  orderId: number,
  txHash: Hex,
): Promise<TransferCheck | undefined> {
  const gateway = gatewayOf(services);
  const quote = await services.db
    .selectFrom('crypto_quotes')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!quote) return undefined;
  const token = gateway.token(quote.chain_id, quote.token_symbol);
  if (!token) return { status: 'wrong_network' };
  try {
    return await gateway.check(
      txHash,
      {
        chainId: quote.chain_id,
        tokenAddress: quote.token_address,
        recipient: quote.recipient,
        amount: BigInt(quote.amount_base),
      },
      token.decimals,
    );
  } catch {
    // The network's RPC did not answer: the user can submit again in a moment.
    throw new Refusal(ErrorCode.SERVICE_UNAVAILABLE);
  }
}

const reject = (db: Db, chainId: number, txHash: string, orderId: number) =>
  db
    .updateTable('crypto_transactions')
    .set({ status: 'rejected' })
    .where('chain_id', '=', chainId)
    .where('tx_hash', '=', txHash)
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();

/**
 * Claims a transaction hash for an order: the (chain, hash) key gives it to one order only.
 * A claim that was rejected (the transfer did not match its order) can be taken over; a
 * pending claim of another order is checked first, so offering someone's transaction early
 * for one's own order does not block its rightful owner.
 */
async function claim(
  services: OrderServices,
  order: OrderRow,
  chainId: number,
  txHash: Hex,
  now: number,
): Promise<void> {
  const { db } = services;
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto('crypto_transactions')
      .values({
        chain_id: chainId,
        tx_hash: txHash,
        order_id: order.id,
        status: 'pending',
        from_address: null,
        submitted_at: now,
        confirmed_at: null,
      })
      .onConflict((oc) => oc.columns(['chain_id', 'tx_hash']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return;
    const existing = await db
      .selectFrom('crypto_transactions')
      .selectAll()
      .where('chain_id', '=', chainId)
      .where('tx_hash', '=', txHash)
      .executeTakeFirst();
    if (!existing) continue;
    if (existing.order_id === order.id && existing.status !== 'rejected') return;
    if (existing.status === 'pending') {
      const check = await checkClaim(services, existing.order_id, txHash);
      if (
        check &&
        (check.status === 'mismatch' ||
          check.status === 'failed' ||
          check.status === 'wrong_network')
      )
        await reject(db, chainId, txHash, existing.order_id);
      else throw new Refusal(ErrorCode.CRYPTO_TX_ALREADY_USED);
    } else if (existing.status !== 'rejected') {
      throw new Refusal(ErrorCode.CRYPTO_TX_ALREADY_USED);
    }
    const taken = await db
      .updateTable('crypto_transactions')
      .set({
        order_id: order.id,
        status: 'pending',
        from_address: null,
        submitted_at: now,
        confirmed_at: null,
      })
      .where('chain_id', '=', chainId)
      .where('tx_hash', '=', txHash)
      .where('status', '=', 'rejected')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return;
  }
  throw new Refusal(ErrorCode.CRYPTO_TX_ALREADY_USED);
}

/** Credits the order when its claimed transaction is confirmed; one transaction, audited. */
async function settle(
  services: OrderServices,
  order: OrderRow,
  chainId: number,
  txHash: Hex,
  check: TransferCheck,
  now: number,
  actor: Actor,
): Promise<Status> {
  const { db } = services;
  if (check.status === 'confirmed') {
    // One transaction on the order's row under its locks, run again if PostgreSQL aborts it.
    return withLockedOrder(services, { id: order.id }, async (trx, locked) => {
      const confirmed = await trx
        .updateTable('crypto_transactions')
        .set({ status: 'confirmed', from_address: check.from, confirmed_at: now })
        .where('chain_id', '=', chainId)
        .where('tx_hash', '=', txHash)
        .where('order_id', '=', order.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(confirmed.numUpdatedRows) === 1) {
        await writeAudit(trx, {
          actor,
          action: 'crypto.confirmed',
          subjectType: 'order',
          subjectId: order.public_id,
          data: { chainId, txHash, from: check.from, value: check.value.toString() },
          at: now,
        });
        await markOrderPaid({ trx, services, order: locked, now, actor, source: 'crypto' });
      }
      const after = await findOrder(trx, { id: order.id });
      if (!after) throw new Error(`order ${order.id} vanished inside its transaction`);
      return after.status as Status;
    });
  }
  if (check.status === 'pending' || check.status === 'not_found') return order.status as Status;
  await reject(db, chainId, txHash, order.id);
  await db.transaction().execute((trx) =>
    writeAudit(trx, {
      actor,
      action: 'crypto.rejected',
      subjectType: 'order',
      subjectId: order.public_id,
      data: { chainId, txHash, result: check },
      at: now,
    }),
  );
  if (check.status === 'failed') throw new Refusal(ErrorCode.CRYPTO_TX_FAILED);
  if (check.status === 'wrong_network') throw new Refusal(ErrorCode.CRYPTO_WRONG_NETWORK);
  throw new Refusal(ErrorCode.CRYPTO_TX_MISMATCH);
}

// POST /api/payment/payment_crypto_submit
/**
 * payment_crypto_submit: the wallet's transaction for an order. The server checks it on chain
 * (viem) and credits the order once it has the required confirmations; until then the answer
 * is `pending` and payment_order_status checks again. A hash pays one order only.
 */
export async function cryptoSubmit(
  input: RequestOf<'paymentCryptoSubmit'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'paymentCryptoSubmit'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  gatewayOf(services);
  const hash = validateTxHash(input.txHash);
  if (!hash.ok) throw validationRefusal(hash.error);
  const order = await findOwnOrder(services.db, userId, input.orderId);
  if (order.provider !== 'crypto') throw new Refusal(ErrorCode.ORDER_NOT_PAYABLE);
  const quote = await services.db
    .selectFrom('crypto_quotes')
    .select('chain_id')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (!quote) throw new Refusal(ErrorCode.CRYPTO_DETAILS_FAILED);
  if (quote.chain_id !== input.chainId) throw new Refusal(ErrorCode.CRYPTO_WRONG_NETWORK);
  if (order.status === OrderStatus.PAID || order.status === OrderStatus.REFUNDED) {
    const mine = await services.db
      .selectFrom('crypto_transactions')
      .select('tx_hash')
      .where('chain_id', '=', input.chainId)
      .where('tx_hash', '=', hash.value)
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    if (mine) return { orderId: order.public_id, status: order.status };
    throw new Refusal(ErrorCode.ORDER_NOT_PAYABLE);
  }
  await claim(services, order, input.chainId, hash.value, now);
  const check = await checkClaim(services, order.id, hash.value);
  if (!check) throw new Refusal(ErrorCode.CRYPTO_DETAILS_FAILED);
  const status = await settle(
    services,
    order,
    input.chainId,
    hash.value,
    check,
    now,
    userActor(userId),
  );
  return { orderId: order.public_id, status };
}

/**
 * Checks the pending transaction of a crypto order again (payment_order_status polls it):
 * returns the order's status after the check, or undefined when there is nothing to check.
 */
export async function recheckCryptoOrder(
  services: OrderServices,
  order: OrderRow,
  now: number,
): Promise<Status | undefined> {
  if (order.provider !== 'crypto' || !services.orders.crypto) return undefined;
  if (order.status !== OrderStatus.PENDING && order.status !== OrderStatus.EXPIRED)
    return undefined;
  const claimRow = await services.db
    .selectFrom('crypto_transactions')
    .select(['chain_id', 'tx_hash'])
    .where('order_id', '=', order.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!claimRow) return undefined;
  const check = await checkClaim(services, order.id, claimRow.tx_hash as Hex);
  if (!check) return undefined;
  try {
    return await settle(
      services,
      order,
      claimRow.chain_id,
      claimRow.tx_hash as Hex,
      check,
      now,
      'system',
    );
  } catch (error) {
    if (error instanceof Refusal) return order.status as Status;
    throw error;
  }
}

// The crypto_transactions table is read and written here only.

/** Orders with a transaction still waiting for its confirmations (pending or expired orders). */
export async function ordersAwaitingCrypto(db: Db, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('crypto_transactions')
    .innerJoin(allOrderColumns(db).as('orders'), 'orders.id', 'crypto_transactions.order_id')
    .selectAll('orders')
    .where('crypto_transactions.status', '=', 'pending')
    .where('orders.status', 'in', [OrderStatus.PENDING, OrderStatus.EXPIRED])
    .limit(limit)
    .execute();
}

/** Wallets a user has paid from (the sender of their crypto orders' transactions). */
export async function senderWalletsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('crypto_transactions')
    .innerJoin(
      orderColumns(db, ['id', 'user_id']).as('orders'),
      'orders.id',
      'crypto_transactions.order_id',
    )
    .select('crypto_transactions.from_address')
    .where('orders.user_id', '=', userId)
    .where('crypto_transactions.from_address', 'is not', null)
    .execute();
  return rows.map((r) => r.from_address ?? '');
}
