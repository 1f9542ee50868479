import { describe, expect, test } from 'vitest';
import { patternMatches } from '../../src/web/route-patterns.ts';

describe('client route patterns', () => {
  test.each([
    ['/', '/', true],
    ['/', '/pricing', false],
    ['/pricing', '/pricing', true],
    ['/pricing', '/pricing/', true],
    ['/pricing', '/Pricing', true],
    ['/pricing', '/pricing/extra', false],
    ['/crypto-pay/:productId', '/crypto-pay/42', true],
    ['/crypto-pay/:productId', '/crypto-pay', false],
    ['/crypto-pay/:productId', '/crypto-pay/42/more', false],
    ['/download/tips', '/download/tips', true],
    ['/download/tips', '/download/other', false],
    ['/orders/:id?', '/orders', true],
    ['/orders/:id?', '/orders/7', true],
    ['/docs/*', '/docs/a/b/c', true],
    ['/docs/*', '/doc', false],
    ['/:lang?/faq', '/faq', true],
    ['/:lang?/faq', '/en/faq', true],
  ])('%s against %s: %s', (pattern, pathname, expected) => {
    expect(patternMatches(pattern, pathname)).toBe(expected);
  });
});
