export { test, expect, type KitTestFixtures, type KitWorkerFixtures } from './fixtures.ts';
export { startServer, freePort, REPO_ROOT, SERVER_ENTRY, OPS_ENTRY, type RunningServer, type StartServerOptions } from './server.ts';
export { readOutbox, waitForCode, type OutboxEntry } from './outbox.ts';
export { apiCall, registerUser, uniqueEmail, type CallResult, type Envelope, type TestUser } from './api.ts';
export { logInContext } from './session.ts';
export { completeSandboxCheckout } from './checkout.ts';
export { CHROMIUM_ARGS, chromiumLaunchOptions, defineE2EConfig } from './config.ts';
export { injectTestWallet } from './injected-wallet.ts';
export { openApp } from './app-ready.ts';
