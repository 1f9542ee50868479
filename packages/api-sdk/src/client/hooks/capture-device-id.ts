import type { AfterResponseHook } from 'ky';
import { ResponseHeader } from '../../contract/headers.ts';
import { DEVICE_ID_STORAGE_KEY } from '../session.ts';

/**
 * Keeps a device id the server issues (any answer, failures included: a DEVICE_ID_INVALID
 * answer may carry the replacement, so the user's retry succeeds).
 */
export function captureDeviceId(storage: Storage): AfterResponseHook {
  return (_request, _options, response) => {
    const id = response.headers.get(ResponseHeader.deviceId)?.trim();
    if (id) storage.setItem(DEVICE_ID_STORAGE_KEY, id);
  };
}
