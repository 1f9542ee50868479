import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiCall, completeSandboxCheckout, expect, REPO_ROOT, type RunningServer } from '@nimbus/e2e-kit';
import type { Page } from '@playwright/test';

const run = promisify(execFile);

/**
 * An operator command (`pnpm ops <command> ...`) against the suite's server: the built
 * `apps/api/dist/ops.js` with the same data folder, asked for `--json`. Returns what it printed.
 */
export async function ops<T = unknown>(server: RunningServer, command: readonly string[], flags: Record<string, string | number> = {}): Promise<T> {
  const args = [...command, ...Object.entries(flags).map(([name, value]) => `--${name}=${value}`), '--json'];
  const { stdout } = await run(process.execPath, [path.join(REPO_ROOT, 'apps/api/dist/ops.js'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  return JSON.parse(stdout) as T;
}

/**
 * Buys a plan as the holder of `token`: the purchase call, then the sandbox provider's hosted
 * checkout page, where Pay sends the signed webhook. Seeded plan 4 is Standard 24 months ($179.99).
 */
export async function buyPlan(page: Page, server: RunningServer, token: string, productId: string): Promise<string> {
  const { envelope } = await apiCall<{ orderId: string; checkoutUrl: string | null }>(
    server.url, '/api/payment/payment_purchase', { productId, paymentMethod: 'card', idempotencyKey: randomBytes(12).toString('hex') }, { token },
  );
  expect(envelope.data.checkoutUrl, 'the sandbox provider answers a checkout page').toBeTruthy();
  await page.goto(envelope.data.checkoutUrl as string);
  await completeSandboxCheckout(page, 'pay');
  return envelope.data.orderId;
}

export function shownDate(ms: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(ms));
}

/**
 * Elements that stick out sideways, of the viewport or of the content box of the card (section)
 * they sit in, except inside containers meant to scroll or clip sideways (tab rows, the 375 px
 * section tabs): what a reader would see cut off or spilling over a border.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsOrClips = (el: Element, upTo: Element | null): boolean => {
      for (let node = el.parentElement; node && node !== upTo && node !== document.body; node = node.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(node).overflowX)) return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Visually hidden text (1 px, clipped) is for screen readers, not in the layout.
        if (box.width <= 1 || box.height <= 1) return false;
        if ((box.right > width + 1 || box.left < -1) && !scrollsOrClips(el, null)) return true;
        const card = el.parentElement?.closest('section');
        if (!card) return false;
        // The card's content box: a control running into the padding is already out of line.
        const frame = card.getBoundingClientRect();
        const style = getComputedStyle(card);
        const right = frame.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
        const left = frame.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
        return (box.right > right + 1 || box.left < left - 1) && !scrollsOrClips(el, card);
      })
      .map((el) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
  });
}
