import { describe, expect, test, vi } from 'vitest';
import {
  CHUNK_RELOAD_FLAG,
  clearChunkReloadFlag,
  isChunkLoadError,
  reloadOnceForChunkError,
} from './chunk-reload.ts';

const chromeError = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost/assets/pricing-abc.js',
);

describe('a page module that fails to load', () => {
  test.each([
    [chromeError, true],
    [new TypeError('error loading dynamically imported module: /assets/x.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/x.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s is a chunk error: %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });

  test('reloads once, then leaves the error to the error page', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chromeError, { storage: sessionStorage, reload })).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).not.toBeNull();
    expect(reloadOnceForChunkError(chromeError, { storage: sessionStorage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('another error never reloads', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(new Error('boom'), { storage: sessionStorage, reload })).toBe(
      false,
    );
    expect(reload).not.toHaveBeenCalled();
  });

  test('a page that loaded clears the flag, so a later deployment may reload again', () => {
    const reload = vi.fn();
    reloadOnceForChunkError(chromeError, { storage: sessionStorage, reload });
    clearChunkReloadFlag(sessionStorage);
    expect(reloadOnceForChunkError(chromeError, { storage: sessionStorage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test('without session storage it does not reload (no way to stop a loop)', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chromeError, { storage: null, reload })).toBe(false);
  });
});
