/**
 * The few result codes the browser client acts on, as plain primitives: importing them does not
 * pull the whole catalogue into the browser bundle. A test checks they match `ErrorCode`.
 */
export const SUCCESS_CODE = 200;
export const SUCCESS_STATUS = 'OK';
export const UNAUTHORIZED_STATUS = 'Unauthorized';
export const DEVICE_ID_INVALID_CODE = 1002;
export const DEVICE_ID_INVALID_KEY = 'device_id_invalid';
