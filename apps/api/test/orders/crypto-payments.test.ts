import { MS_PER_DAY } from '@nimbus/domain';
import type { Address, Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runPaymentJobs } from '../../src/orders/order-jobs.ts';
import { DEV_ACCOUNTS, startLocalEvm, type LocalEvm } from '../support/evm.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { buy, buyer, userRow } from '../support/payments.ts';

let evm: LocalEvm;
let t: TestApp;
let usdt: Address;
const payer = DEV_ACCOUNTS[0].address;
const recipient = DEV_ACCOUNTS[1].address;
const stranger = DEV_ACCOUNTS[2].address;

beforeAll(async () => {
  evm = await startLocalEvm();
  usdt = await evm.deployToken('USDT', 6);
  await evm.mint(usdt, payer, 1_000_000_000_000n);
  t = await startTestApp({
    env: {
      CRYPTO_NETWORKS: JSON.stringify([
        {
          chainId: evm.chainId,
          name: 'Hardhat',
          rpcUrl: evm.rpcUrl,
          confirmations: 2,
          explorerUrl: null,
          tokens: [
            { symbol: 'USDT', address: usdt, decimals: 6 },
            { symbol: 'ETH', address: null, decimals: 18, usdPriceMinor: 300_000 },
          ],
        },
      ]),
      CRYPTO_RECIPIENT: recipient,
    },
  });
}, 120_000);
afterAll(async () => {
  await t.close();
  await evm.stop();
});

async function cryptoOrder(productId = '1') {
  const who = await buyer(t);
  const order = await buy(who.client, { productId, paymentMethod: 'crypto' });
  expect(order).toMatchObject({ status: 'pending', checkoutUrl: null });
  return { ...who, order };
}

describe('crypto payments on a local EVM', () => {
  test('details, an ERC-20 transfer, confirmations, then the order is paid and membership extended', async () => {
    const { client, userId, order } = await cryptoOrder('1');
    const details = await client.ok('paymentCryptoDetails', {
      orderId: order.orderId,
      chainId: evm.chainId,
      token: 'usdt',
    });
    expect(details).toMatchObject({
      orderId: order.orderId,
      network: { chainId: evm.chainId, name: 'Hardhat' },
      token: { symbol: 'USDT', decimals: 6 },
      recipient: recipient.toLowerCase(),
      reference: `NMB-${order.orderId}`,
    });
    const amount = BigInt(details.amount);
    // $12.99 in 6-decimal units, plus the order's tag below a cent.
    expect(amount / 10_000n).toBe(1299n);

    const hash = await evm.transferToken(0, usdt, recipient, amount);
    // One confirmation so far; two are required.
    expect(
      await client.ok('paymentCryptoSubmit', {
        orderId: order.orderId,
        chainId: evm.chainId,
        txHash: hash,
      }),
    ).toEqual({ orderId: order.orderId, status: 'pending' });
    expect((await client.ok('paymentOrderStatus', { orderId: order.orderId })).status).toBe(
      'pending',
    );
    await evm.mine(1);
    expect((await client.ok('paymentOrderStatus', { orderId: order.orderId })).status).toBe('paid');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
    // Submitting again answers paid and credits nothing more.
    expect(
      (
        await client.ok('paymentCryptoSubmit', {
          orderId: order.orderId,
          chainId: evm.chainId,
          txHash: hash.toUpperCase().replace('0X', '0x'),
        })
      ).status,
    ).toBe('paid');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);

    // The same hash offered for another order is refused.
    const other = await cryptoOrder('1');
    await other.client.ok('paymentCryptoDetails', {
      orderId: other.order.orderId,
      chainId: evm.chainId,
      token: 'USDT',
    });
    const reused = await other.client.call('paymentCryptoSubmit', {
      orderId: other.order.orderId,
      chainId: evm.chainId,
      txHash: hash,
    });
    expect(reused.body.status).toBe('CryptoTxAlreadyUsed');
    expect(reused.body.msg).toBe('This transaction has already been used for another order.');
  });

  test('one transaction offered for two orders at once is accepted for one', async () => {
    const a = await cryptoOrder('1');
    const b = await cryptoOrder('1');
    const detailsA = await a.client.ok('paymentCryptoDetails', {
      orderId: a.order.orderId,
      chainId: evm.chainId,
      token: 'USDT',
    });
    await b.client.ok('paymentCryptoDetails', {
      orderId: b.order.orderId,
      chainId: evm.chainId,
      token: 'USDT',
    });
    const hash = await evm.transferToken(0, usdt, recipient, BigInt(detailsA.amount));
    await evm.mine(1);
    const answers = await Promise.all([
      a.client.call('paymentCryptoSubmit', {
        orderId: a.order.orderId,
        chainId: evm.chainId,
        txHash: hash,
      }),
      b.client.call('paymentCryptoSubmit', {
        orderId: b.order.orderId,
        chainId: evm.chainId,
        txHash: hash,
      }),
    ]);
    expect(answers.filter((x) => x.body.data?.status === 'paid').length).toBeLessThanOrEqual(1);
    // Whatever the race, the transfer ends up paying the order it was made for, and only it.
    if (answers[0]?.body.data?.status !== 'paid')
      await a.client.ok('paymentCryptoSubmit', {
        orderId: a.order.orderId,
        chainId: evm.chainId,
        txHash: hash,
      });
    expect((await a.client.ok('paymentOrderStatus', { orderId: a.order.orderId })).status).toBe(
      'paid',
    );
    expect((await b.client.ok('paymentOrderStatus', { orderId: b.order.orderId })).status).toBe(
      'pending',
    );
    expect(
      (
        await b.client.call('paymentCryptoSubmit', {
          orderId: b.order.orderId,
          chainId: evm.chainId,
          txHash: hash,
        })
      ).body.status,
    ).toBe('CryptoTxAlreadyUsed');
    const claims = await t.app.services.db
      .selectFrom('crypto_transactions')
      .selectAll()
      .where('tx_hash', '=', hash.toLowerCase())
      .execute();
    expect(claims).toHaveLength(1);
  });

  test('the payment job credits a confirmed transfer when nobody polls', async () => {
    const { client, userId, order } = await cryptoOrder('5');
    const details = await client.ok('paymentCryptoDetails', {
      orderId: order.orderId,
      chainId: evm.chainId,
      token: 'USDT',
    });
    const hash = await evm.transferToken(0, usdt, recipient, BigInt(details.amount));
    expect(
      (
        await client.ok('paymentCryptoSubmit', {
          orderId: order.orderId,
          chainId: evm.chainId,
          txHash: hash,
        })
      ).status,
    ).toBe('pending');
    expect(await runPaymentJobs(t.app.services, t.clock.now)).toMatchObject({ confirmed: 0 });
    await evm.mine(1);
    expect(await runPaymentJobs(t.app.services, t.clock.now)).toMatchObject({ confirmed: 1 });
    expect((await userRow(t, userId)).lite_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
  });

  test('the native coin at its configured price', async () => {
    const { client, order } = await cryptoOrder('5');
    const details = await client.ok('paymentCryptoDetails', {
      orderId: order.orderId,
      chainId: evm.chainId,
      token: 'ETH',
    });
    expect(details.token).toEqual({ symbol: 'ETH', address: null, decimals: 18 });
    // $6.99 at $3,000 per ETH is 0.00233 ETH (rounded up, then tagged).
    expect(BigInt(details.amount) >= 2_330_000_000_000_000n).toBe(true);
    const hash = await evm.sendNative(0, recipient, BigInt(details.amount));
    await evm.mine(1);
    expect(
      (
        await client.ok('paymentCryptoSubmit', {
          orderId: order.orderId,
          chainId: evm.chainId,
          txHash: hash,
        })
      ).status,
    ).toBe('paid');
  });

  test.each<[string, (amount: bigint) => Promise<Hash>, string]>([
    [
      'too little',
      (amount) => evm.transferToken(0, usdt, recipient, amount - 10_000n),
      'CryptoTxMismatch',
    ],
    [
      'to someone else',
      (amount) => evm.transferToken(0, usdt, stranger, amount),
      'CryptoTxMismatch',
    ],
    [
      'the native coin instead of the token',
      () => evm.sendNative(0, recipient, 1n),
      'CryptoTxMismatch',
    ],
    [
      'a reverted transfer',
      (amount) => evm.transferToken(3, usdt, recipient, amount, { gas: 100_000n }),
      'CryptoTxFailed',
    ],
  ])('a transaction paying %s is refused with its own error', async (_name, send, status) => {
    const { client, userId, order } = await cryptoOrder('1');
    const details = await client.ok('paymentCryptoDetails', {
      orderId: order.orderId,
      chainId: evm.chainId,
      token: 'USDT',
    });
    const hash = await send(BigInt(details.amount));
    await evm.mine(2);
    const answer = await client.call('paymentCryptoSubmit', {
      orderId: order.orderId,
      chainId: evm.chainId,
      txHash: hash,
    });
    expect(answer.body.status).toBe(status);
    expect((await client.ok('paymentOrderStatus', { orderId: order.orderId })).status).toBe(
      'pending',
    );
    expect((await userRow(t, userId)).standard_expires_at).toBeNull();
  });

  test('unsupported tokens and networks, a wrong network and an unknown hash', async () => {
    const { client, order } = await cryptoOrder('1');
    expect(
      (
        await client.call('paymentCryptoDetails', {
          orderId: order.orderId,
          chainId: evm.chainId,
          token: 'DOGE',
        })
      ).body.status,
    ).toBe('CryptoUnsupported');
    expect(
      (
        await client.call('paymentCryptoDetails', {
          orderId: order.orderId,
          chainId: 1,
          token: 'USDT',
        })
      ).body.msg,
    ).toBe("This network or token isn't supported. Please choose another one.");
    const hash = `0x${'ab'.repeat(32)}`;
    expect(
      (
        await client.call('paymentCryptoSubmit', {
          orderId: order.orderId,
          chainId: evm.chainId,
          txHash: hash,
        })
      ).body.status,
    ).toBe('CryptoDetailsFailed');
    await client.ok('paymentCryptoDetails', {
      orderId: order.orderId,
      chainId: evm.chainId,
      token: 'USDT',
    });
    expect(
      (
        await client.call('paymentCryptoSubmit', {
          orderId: order.orderId,
          chainId: 1,
          txHash: hash,
        })
      ).body.status,
    ).toBe('CryptoWrongNetwork');
    expect(
      (
        await client.ok('paymentCryptoSubmit', {
          orderId: order.orderId,
          chainId: evm.chainId,
          txHash: hash,
        })
      ).status,
    ).toBe('pending');
    expect(
      (
        await client.call('paymentCryptoSubmit', {
          orderId: order.orderId,
          chainId: evm.chainId,
          txHash: '0x1234',
        })
      ).status,
    ).toBe(400);
    // A card order has no crypto details.
    const card = await buy(client, { productId: '1' });
    expect(
      (
        await client.call('paymentCryptoDetails', {
          orderId: card.orderId,
          chainId: evm.chainId,
          token: 'USDT',
        })
      ).body.status,
    ).toBe('OrderNotPayable');
  });
});
