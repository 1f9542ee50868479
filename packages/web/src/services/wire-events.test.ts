import { createEmitter, type ClientEvents } from '@nimbus/api-sdk';
import { describe, expect, test, vi } from 'vitest';
import type { SessionState } from '../session/session-store.ts';
import { wireApiEvents, type EventWiring } from './wire-events.ts';

function setup(token: string | null, overrides: Partial<EventWiring> = {}) {
  const events = createEmitter<ClientEvents>();
  const tokens = { get: vi.fn(() => token), set: vi.fn(), persist: vi.fn(), clear: vi.fn() };
  const states: SessionState[] = [];
  const wiring: EventWiring = {
    translate: vi.fn(async (key: string) =>
      key === 'errors:network' ? 'Network error. Please try again later.' : undefined,
    ),
    showError: vi.fn(),
    currentPath: () => '/pricing?plan=2',
    goToLogin: vi.fn(),
    setSession: (state) => states.push(state),
    checkSession: vi.fn(async () => true),
    ...overrides,
  };
  const off = wireApiEvents({ events, tokens }, wiring);
  return { events, tokens, wiring, states, off };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the SDK events in every app', () => {
  test('an error toast with a known key shows the catalogue text', async () => {
    const { events, wiring } = setup(null);
    events.emit('error-toast', {
      message: 'Network error. Please try again later.',
      messageKey: 'errors:network',
      path: '/x',
    });
    await flush();
    expect(wiring.showError).toHaveBeenCalledWith('Network error. Please try again later.');
  });

  test("an error toast without a key shows the server's message", () => {
    const { events, wiring } = setup(null);
    events.emit('error-toast', {
      message: '该拼团已满员',
      path: '/api/payment/payment_joint_join',
    });
    expect(wiring.showError).toHaveBeenCalledWith('该拼团已满员');
  });

  test('a key the catalogue does not have falls back to the message', async () => {
    const { events, wiring } = setup(null);
    events.emit('error-toast', {
      message: 'Server said no',
      messageKey: 'errors:nope',
      path: '/x',
    });
    await flush();
    expect(wiring.showError).toHaveBeenCalledWith('Server said no');
  });

  test('unauthorized goes to the login page with the current page to return to, and logs out', () => {
    const { events, wiring, states } = setup('t1');
    events.emit('unauthorized', { path: '/api/system/system_user_info' });
    expect(wiring.goToLogin).toHaveBeenCalledWith('/pricing?plan=2');
    expect(states.at(-1)).toBe('loggedOut');
    expect(wiring.showError).not.toHaveBeenCalled();
  });

  test('without a token the visitor is logged out at once, with no call', () => {
    const { wiring, states } = setup(null);
    expect(states).toEqual(['loggedOut']);
    expect(wiring.checkSession).not.toHaveBeenCalled();
  });

  test('with a token the session is checked: valid -> logged in, refused -> logged out', async () => {
    const valid = setup('t1');
    await flush();
    expect(valid.states).toEqual(['unknown', 'loggedIn']);
    const refused = setup('t1', { checkSession: async () => false });
    await flush();
    expect(refused.states).toEqual(['unknown', 'loggedOut']);
  });

  test('a new token (login) re-checks the session; unsubscribing stops listening', async () => {
    const { events, states, off, wiring } = setup('t1');
    await flush();
    events.emit('token-changed', { token: 't2', source: 'login' });
    await flush();
    expect(states).toEqual(['unknown', 'loggedIn', 'unknown', 'loggedIn']);
    off();
    events.emit('unauthorized', { path: '/x' });
    expect(wiring.goToLogin).not.toHaveBeenCalled();
  });
});
