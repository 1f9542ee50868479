import {
  expect,
  injectTestWallet,
  logInContext,
  openApp,
  registerUser,
  startServer,
  test,
  type RunningServer,
} from '@nimbus/e2e-kit';
import { DEV_ACCOUNTS, startLocalEvm, type LocalEvm } from '@nimbus/e2e-kit/evm';

// Each test here starts its own EVM node and server: the server's crypto networks name the
// node's address and the token deployed on it.
let evm: LocalEvm;
let server: RunningServer;
let token: `0x${string}`;
const payerKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const;
const payer = DEV_ACCOUNTS[1];
const recipient = DEV_ACCOUNTS[3];

test.beforeAll(async () => {
  evm = await startLocalEvm();
  token = await evm.deployToken('USDT', 6);
  if (!payer || !recipient) throw new Error('dev accounts missing');
  await evm.mint(token, payer.address, 1_000_000_000n);
  server = await startServer({
    env: {
      CRYPTO_NETWORKS: JSON.stringify([
        {
          chainId: evm.chainId,
          name: 'Hardhat',
          rpcUrl: evm.rpcUrl,
          confirmations: 1,
          explorerUrl: 'https://explorer.example/tx/',
          tokens: [
            { symbol: 'USDT', address: token, decimals: 6 },
            { symbol: 'ETH', address: null, decimals: 18, usdPriceMinor: 300_000 },
          ],
        },
      ]),
      CRYPTO_RECIPIENT: recipient.address,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await evm?.stop();
});

test('pay a plan in USDT from an injected wallet on the local chain', async ({ browser }) => {
  const user = await registerUser(server.url);
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  await logInContext(context, server.url, user.token);
  await injectTestWallet(context, {
    rpcUrl: evm.rpcUrl,
    chainId: evm.chainId,
    privateKey: payerKey,
  });
  const page = await context.newPage();

  await openApp(page, '/pricing');
  await page.locator('label', { hasText: 'Standard · 1 month' }).click();
  await page.getByRole('radio', { name: /Cryptocurrency/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/crypto-pay\//);

  // Network first: choosing a token before it is refused.
  await expect(page.getByRole('combobox', { name: 'Token' })).toContainText(
    'Please choose a network first',
  );
  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Hardhat' });
  await page.getByRole('combobox', { name: 'Token' }).selectOption('USDT');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByText(`Connected: ${payer?.address}`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(/Send exactly this amount/)).toBeVisible();
  await page.getByRole('button', { name: /^Pay .* USDT$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: 30_000,
  });
  // The explorer link names the transaction (the network's setting is a prefix).
  await expect(page.getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
    'href',
    /^https:\/\/explorer\.example\/tx\/0x[0-9a-f]{64}$/,
  );
  expect(
    await evm.client.readContract({
      address: token,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ name: 'a', type: 'address' }],
          outputs: [{ type: 'uint256' }],
        },
      ],
      functionName: 'balanceOf',
      args: [recipient?.address ?? '0x'],
    }),
  ).toBeGreaterThan(0n);
  await context.close();
});

test('a wallet that cannot pay is told why in plain words', async ({ browser }) => {
  const user = await registerUser(server.url);
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  await logInContext(context, server.url, user.token);
  // Account 2 holds no test USDT.
  await injectTestWallet(context, {
    rpcUrl: evm.rpcUrl,
    chainId: evm.chainId,
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  });
  const page = await context.newPage();
  await openApp(page, '/pricing');
  await page.getByRole('radio', { name: /Cryptocurrency/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/crypto-pay\//);
  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Hardhat' });
  await page.getByRole('combobox', { name: 'Token' }).selectOption('USDT');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  // As a person does: pay once the page shows the wallet connected (clicking before that is
  // answered "Your wallet isn't connected", which a loaded CI machine once caught).
  await expect(
    page.getByText('Connected: 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('button', { name: /^Pay .* USDT$/ }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Insufficient balance. Please top up your wallet and try again.' }),
  ).toBeVisible({ timeout: 30_000 });
  await context.close();
});

test('without a wallet in the browser, the page says to install one', async ({ browser }) => {
  const user = await registerUser(server.url);
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  await logInContext(context, server.url, user.token);
  const page = await context.newPage();
  await openApp(page, '/pricing');
  await page.getByRole('radio', { name: /Cryptocurrency/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/crypto-pay\//);
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(
    page.getByText('No wallet found. Please install a wallet such as MetaMask and try again.'),
  ).toBeVisible();
  await context.close();
});

test('"wallet not connected" goes away once the wallet connects', async ({ browser }) => {
  const user = await registerUser(server.url);
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  await logInContext(context, server.url, user.token);
  await injectTestWallet(context, {
    rpcUrl: evm.rpcUrl,
    chainId: evm.chainId,
    privateKey: payerKey,
  });
  // The wallet asks its owner before it hands out the account: hold that answer until the test
  // approves, as a person reading the wallet's prompt does.
  await context.addInitScript(() => {
    const w = globalThis as unknown as {
      ethereum: { request: (args: { method: string }) => Promise<unknown> };
      approveWallet: () => void;
    };
    const asked = ['eth_requestAccounts', 'wallet_requestPermissions'];
    let approve: () => void = () => undefined;
    const approved = new Promise<void>((resolve) => (approve = resolve));
    w.approveWallet = () => approve();
    const request = w.ethereum.request.bind(w.ethereum);
    w.ethereum.request = async (args) => {
      if (asked.includes(args.method)) await approved;
      return request(args);
    };
  });
  const page = await context.newPage();
  await openApp(page, '/pricing');
  await page.getByRole('radio', { name: /Cryptocurrency/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/crypto-pay\//);
  await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Hardhat' });
  await page.getByRole('combobox', { name: 'Token' }).selectOption('USDT');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  // Pay while the wallet still asks its owner: the page says the wallet is not connected yet.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const notConnected = page.getByRole('alert').filter({ hasText: /wallet isn.t connected/i });
  await expect(notConnected).toBeVisible();
  await page.evaluate(() =>
    (globalThis as unknown as { approveWallet: () => void }).approveWallet(),
  );
  await expect(page.getByText(`Connected: ${payer?.address ?? ''}`)).toBeVisible();
  await expect(notConnected).toHaveCount(0);
  await context.close();
});
