import {
  DEVICE_ID_INVALID_CODE,
  DEVICE_ID_INVALID_KEY,
  UNAUTHORIZED_STATUS,
} from '../contract/well-known-codes.ts';
import type { CallContext } from './context.ts';
import { AbortError, ApiError, NetworkError } from './errors.ts';
import type { ClientEvents, Emitter } from './events.ts';

/** The spec's texts for failures the client itself reports; apps translate by `messageKey`. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again later.';
export const NETWORK_ERROR_KEY = 'errors:network';
/** Spec section 8: the device-id failure is shown with this Chinese text. */
export const DEVICE_ID_ERROR_MESSAGE = '设备ID错误，请重试或联系客服';
export const DEVICE_ID_ERROR_KEY = `errors:${DEVICE_ID_INVALID_KEY}`;

/**
 * Tells the app about a failed call (spec section 8):
 * - Unauthorized: a redirect-to-login event and no toast (login calls get the toast instead);
 * - any other code: a toast with the server's msg (or the status name);
 * - no answer or an unreadable one: the network-error toast;
 * - nothing for quiet calls, skipErrorHandler calls and calls the caller aborted.
 */
export function reportError(
  error: unknown,
  call: CallContext,
  events: Emitter<ClientEvents>,
): void {
  if (call.skipErrorHandler || call.spec.quiet || error instanceof AbortError) return;
  const path = call.spec.path;
  if (error instanceof ApiError) {
    if (error.status === UNAUTHORIZED_STATUS && !call.spec.loginCall) {
      events.emit('unauthorized', { path });
      return;
    }
    const deviceId = error.code === DEVICE_ID_INVALID_CODE;
    events.emit('error-toast', {
      message: deviceId ? DEVICE_ID_ERROR_MESSAGE : error.msg || error.status,
      ...(deviceId ? { messageKey: DEVICE_ID_ERROR_KEY } : {}),
      code: error.code,
      status: error.status,
      path,
      requestId: error.requestId,
    });
    return;
  }
  if (error instanceof NetworkError) {
    events.emit('error-toast', {
      message: NETWORK_ERROR_MESSAGE,
      messageKey: NETWORK_ERROR_KEY,
      path,
    });
  }
}
