import { AxeBuilder } from '@axe-core/playwright';
import {
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
  type TestInfo,
} from '@playwright/test';
import { logInContext } from './session.ts';

/** axe's answer for one rule that failed (axe-core's `Result`, taken from the builder's types). */
export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
type ImpactValue = NonNullable<AxeViolation['impact']>;
type Result = AxeViolation;

/** The rule sets every page is held to: WCAG 2.0 / 2.1 A and AA, and axe's best practices. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** The impacts that fail a page. Moderate and minor findings are reported by axe but tolerated. */
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

/** The widths every screen is checked at: the 375 px phone design and the 1920 px desktop canvas. */
export const A11Y_VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1920, height: 1080 },
] as const;
export type A11yViewport = (typeof A11Y_VIEWPORTS)[number];

/** The site's two languages, as the apps spell them (html[lang], the 'language' storage key). */
export const A11Y_LANGUAGES = ['en', 'zh-CN'] as const;
export type A11yLanguage = (typeof A11Y_LANGUAGES)[number];

export interface A11yScanOptions {
  /** Where the scan ran ("/pricing en 375 px, promo error"): named in the failure. */
  context?: string;
  /** CSS selectors to scan instead of the whole document (a dialog, say). */
  include?: string[];
  /** CSS selectors to leave out. Every exclusion should say why where it is written. */
  exclude?: string[];
  /** axe rule ids to switch off. Same remark. */
  disableRules?: string[];
  /** Record the failure and go on (expect.soft), so one test reports every failing screen. */
  soft?: boolean;
}

/**
 * Runs axe on the page as it is now with `A11Y_TAGS`; resolves to the violations (every impact).
 */
export async function a11yViolations(
  page: Page,
  { include = [], exclude = [], disableRules = [] }: A11yScanOptions = {},
): Promise<Result[]> {
  let builder = new AxeBuilder({ page }).withTags([...A11Y_TAGS]);
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  if (disableRules.length) builder = builder.disableRules(disableRules);
  const results = await builder.analyze();
  return results.violations;
}

/** The violations that fail a page: serious and critical ones. */
export function blockingViolations(violations: readonly Result[]): Result[] {
  return violations.filter(
    (violation) => violation.impact != null && BLOCKING_IMPACTS.includes(violation.impact),
  );
}

/**
 * One readable block per violation: impact, rule id, what is wrong, the help page, then each
 * offending element as its selector with axe's first line of advice.
 *
 *   [serious] color-contrast: Elements must meet minimum color contrast ratio thresholds
 *     help: https://dequeuniversity.com/rules/axe/4.11/color-contrast
 *     - .price > span  <span class="price">$9.99</span>
 *       Fix any of the following: Element has insufficient color contrast of 3.2 ...
 */
export function formatA11yViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const target = node.target
          .map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part)))
          .join(' | ');
        const advice = (node.failureSummary ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(0, 2)
          .join(' ');
        const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
        return `    - ${target}  ${html}${advice ? `\n      ${advice}` : ''}`;
      });
      return [
        `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}`,
        `    help: ${violation.helpUrl}`,
        ...nodes,
      ].join('\n');
    })
    .join('\n');
}

/**
 * Fails the test when axe finds a serious or critical violation on the page as it is now,
 * listing each one with its target selectors and help URL. Returns every violation (including
 * the tolerated moderate/minor ones) for callers that want to report them. When a test info is
 * given, the full axe answer for a failing scan is attached to the report.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: A11yScanOptions & { testInfo?: TestInfo } = {},
): Promise<Result[]> {
  const violations = await a11yViolations(page, options);
  const blocking = blockingViolations(violations);
  const where = options.context ?? page.url();
  if (blocking.length && options.testInfo) {
    await options.testInfo.attach(`axe ${where}`, {
      body: JSON.stringify(blocking, null, 2),
      contentType: 'application/json',
    });
  }
  const message = `axe: ${blocking.length} serious/critical violation(s) on ${where}\n${formatA11yViolations(blocking)}`;
  (options.soft ? expect.soft : expect)(blocking.length, message).toBe(0);
  return violations;
}

export interface LanguageContextOptions {
  language: A11yLanguage;
  viewport?: { width: number; height: number };
  /** Log the context in as the holder of this token. */
  token?: string;
  colorScheme?: 'light' | 'dark';
}

/**
 * A browser context that reads the site in `language` from the first request: the browser
 * locale (navigator.languages, Accept-Language), the 'language' cookie the server pre-renders
 * by and the 'language' key the apps read. Reduced motion, so no transition is caught halfway
 * (a fading text would be measured at part of its contrast).
 */
export async function newLanguageContext(
  browser: Browser,
  baseURL: string,
  { language, viewport, token, colorScheme = 'light' }: LanguageContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: language === 'en' ? 'en-US' : 'zh-CN',
    viewport: viewport
      ? { width: viewport.width, height: viewport.height }
      : { width: 1920, height: 1080 },
    reducedMotion: 'reduce',
    colorScheme,
  });
  await context.addCookies([{ name: 'language', value: language, url: baseURL, sameSite: 'Lax' }]);
  await context.addInitScript((value) => {
    try {
      globalThis.localStorage.setItem('language', value);
    } catch {
      // Storage blocked: the cookie and the locale still say it.
    }
  }, language);
  if (token) await logInContext(context, baseURL, token);
  trackRequests(context);
  return context;
}

const pending = new WeakMap<BrowserContext, Set<Request>>();

/** Counts the requests in flight in a context, for `settle`. Idempotent. */
export function trackRequests(context: BrowserContext): void {
  if (pending.has(context)) return;
  const inFlight = new Set<Request>();
  pending.set(context, inFlight);
  context.on('request', (request) => inFlight.add(request));
  context.on('requestfinished', (request) => inFlight.delete(request));
  context.on('requestfailed', (request) => inFlight.delete(request));
  context.on('close', () => inFlight.clear());
}

/**
 * Waits until the page has settled: no request of its context in flight for `quietMs` (the
 * context must be tracked: `newLanguageContext` does it, or `trackRequests`), then no element
 * still `aria-busy` (skeletons, loading buttons). Cheaper than Playwright's 'networkidle'
 * (500 ms quiet), which would cost minutes over a whole site's screens.
 */
export async function settle(
  page: Page,
  { quietMs = 150, timeoutMs = 8_000 }: { quietMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const inFlight = pending.get(page.context());
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (inFlight && Date.now() < deadline) {
    // A long poll (the order status every 2 s) is not waited for past the deadline.
    const busy = [...inFlight].some((request) => {
      try {
        return request.frame().page() === page;
      } catch {
        return false; // a service worker's request belongs to no page
      }
    });
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
    await page.waitForTimeout(25);
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

export interface FocusState {
  /** A short description of the focused element ("button 'Pay $9.99'"), or 'body'. */
  element: string;
  /** True when the element draws a focus indicator: an outline or a box-shadow. */
  indicated: boolean;
  outline: string;
  boxShadow: string;
  /** The focus rule found drawing the indicator, if any. */
  rule: string;
}

/**
 * What has keyboard focus now and whether a focus indicator is drawn for it: the element's
 * computed outline (style not 'none', width above 0: an author ring or the browser's own
 * `outline: auto`), the outline of the label that wraps or names it (a visually hidden native
 * radio draws its ring on its card), or a stylesheet rule with a `:focus`, `:focus-visible` or
 * `:focus-within` selector that matches the element or one of its four nearest ancestors and
 * sets an outline, box-shadow or border colour (a text field's box rings itself with
 * `:focus-within`). A box-shadow that no focus rule sets does not count: cards have shadows
 * without focus. Focus inside a shadow root or an iframe is not followed (the apps have neither).
 */
export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement)
      return { element: 'body', indicated: false, outline: '', boxShadow: '', rule: '' };
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    };
    const focusRules: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule) {
          if (matchMedia(rule.conditionText).matches) collect(rule.cssRules);
        } else if (rule instanceof CSSStyleRule && /:focus/.test(rule.selectorText)) {
          const { outlineStyle, boxShadow, borderColor, outline } = rule.style;
          const draws =
            (outlineStyle !== '' && outlineStyle !== 'none') ||
            (outline !== '' && outline !== 'none' && outline !== '0') ||
            (boxShadow !== '' && boxShadow !== 'none') ||
            borderColor !== '';
          if (draws) focusRules.push(rule.selectorText);
        }
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        collect(sheet.cssRules);
      } catch {
        // A cross-origin sheet cannot be read; the apps serve their own.
      }
    }
    const chain: Element[] = [];
    for (
      let node: Element | null = el;
      node && node !== document.body && chain.length < 5;
      node = node.parentElement
    )
      chain.push(node);
    const matching = (node: Element) =>
      focusRules.find((selector) => {
        try {
          return node.matches(selector);
        } catch {
          return false;
        }
      });
    let rule = '';
    for (const node of chain) {
      rule = matching(node) ?? '';
      if (rule) break;
    }
    const style = getComputedStyle(el);
    const outline = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    const labels = [...((el as HTMLInputElement).labels ?? []), el.closest('label')].filter(
      (node): node is HTMLLabelElement => node !== null,
    );
    const indicated = outlined(el) || labels.some(outlined) || rule !== '';
    const name =
      (
        el.getAttribute('aria-label') ??
        (el as HTMLElement).innerText ??
        (el as HTMLInputElement).value ??
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 50) || (labels[0]?.innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const id = el.id ? `#${el.id}` : '';
    return {
      element: `${role}${id} '${name}'`,
      indicated,
      outline,
      boxShadow: style.boxShadow,
      rule,
    };
  });
}

/** Fails unless focus sits on an element (not <body>) that draws a visible focus indicator. */
export async function expectVisibleFocus(page: Page, where = ''): Promise<FocusState> {
  const state = await focusState(page);
  expect(state.element, `focus was lost to <body>${where ? ` (${where})` : ''}`).not.toBe('body');
  expect(
    state.indicated,
    `no visible focus indicator on ${state.element}${where ? ` (${where})` : ''}: outline ${state.outline}, box-shadow ${state.boxShadow}`,
  ).toBe(true);
  return state;
}
