export { test, expect, type KitTestFixtures, type KitWorkerFixtures } from './fixtures.ts';
export {
  startServer,
  freePort,
  REPO_ROOT,
  SERVER_ENTRY,
  OPS_ENTRY,
  type RunningServer,
  type StartServerOptions,
} from './server.ts';
export { readOutbox, waitForCode, type OutboxEntry } from './outbox.ts';
export {
  apiCall,
  registerUser,
  uniqueEmail,
  type CallResult,
  type Envelope,
  type TestUser,
} from './api.ts';
export { logInContext } from './session.ts';
export { buyPlan, completeSandboxCheckout } from './checkout.ts';
export { ops } from './ops.ts';
export { brokenTableWords, overflowingElements, shownDate } from './layout-checks.ts';
export { CHROMIUM_ARGS, chromiumLaunchOptions, defineE2EConfig } from './config.ts';
export { injectTestWallet } from './injected-wallet.ts';
export { openApp } from './app-ready.ts';
export { catalogueText, routerPaths } from './app-sources.ts';
export {
  A11Y_LANGUAGES,
  A11Y_TAGS,
  A11Y_VIEWPORTS,
  BLOCKING_IMPACTS,
  a11yViolations,
  blockingViolations,
  expectNoSeriousA11yViolations,
  expectVisibleFocus,
  focusState,
  formatA11yViolations,
  newLanguageContext,
  settle,
  trackRequests,
  type A11yLanguage,
  type AxeViolation,
  type A11yScanOptions,
  type A11yViewport,
  type FocusState,
  type LanguageContextOptions,
} from './a11y.ts';
export { type TelegramStandin } from './telegram-standin.ts';
