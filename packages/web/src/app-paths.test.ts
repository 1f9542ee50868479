import { describe, expect, test } from 'vitest';
import { appOfPath, isInAppHref, loginUrl, safeRedirect, stripBasename } from './app-paths.ts';

describe('which app serves a path', () => {
  test.each([
    ['/', 'marketing'],
    ['/pricing', 'marketing'],
    ['/users', 'marketing'],
    ['/user', 'account'],
    ['/user/profile', 'account'],
    ['/user/kolx', 'account'],
    ['/user/kol', 'affiliate'],
    ['/user/kol/settlement', 'affiliate'],
  ])('%s is served by %s', (path, app) => {
    expect(appOfPath(path)).toBe(app);
  });
});

describe('in-app links', () => {
  test.each([
    ['/pricing', '/', true],
    ['/user/profile', '/', false],
    ['/pricing', '/user', false],
    ['/user/device?x=1', '/user', true],
    ['/user/kol', '/user', false],
    ['/user/kol', '/user/kol', true],
    ['https://status.example.com', '/', false],
    ['//evil.example/x', '/', false],
    ['mailto:help@example.com', '/', false],
  ])('%s from the app at %s goes through the router: %s', (href, basename, expected) => {
    expect(isInAppHref(href, basename)).toBe(expected);
  });

  test.each([
    ['/user/device', '/user', '/device'],
    ['/user', '/user', '/'],
    ['/user?tab=1', '/user', '/?tab=1'],
    ['/pricing', '/', '/pricing'],
  ])('%s under %s is routed as %s', (href, basename, to) => {
    expect(stripBasename(href, basename)).toBe(to);
  });
});

describe('login redirects', () => {
  test('the login URL carries the path to return to', () => {
    expect(loginUrl('/user/device?x=1')).toBe('/login?redirect=%2Fuser%2Fdevice%3Fx%3D1');
  });
  test.each([
    ['/pricing?plan=2', '/pricing?plan=2'],
    [null, '/user/profile'],
    ['//evil.example', '/user/profile'],
    ['https://evil.example', '/user/profile'],
    ['/\\evil.example', '/user/profile'],
    ['/login?redirect=/x', '/user/profile'],
  ])('redirect=%s goes to %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});
