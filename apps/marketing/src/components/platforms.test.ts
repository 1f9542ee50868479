import { describe, expect, test } from 'vitest';
import { platformsFor } from './platforms.ts';

describe("the visitor's platform comes first", () => {
  test.each([
    ['IOS', ['IOS', 'ANDROID', 'MAC', 'WINDOWS']],
    ['MAC', ['MAC', 'IOS', 'ANDROID', 'WINDOWS']],
    ['WINDOWS', ['WINDOWS', 'IOS', 'ANDROID', 'MAC']],
  ] as const)('%s', (first, order) => {
    expect(platformsFor(first)).toEqual(order);
  });
});
