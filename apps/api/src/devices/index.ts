/** The devices noun: what other folders may use of it (docs/architecture.md, noun folders). */
export { bindDevice, listDevices, unbindDevice, updateDevice } from './member-routes.ts';
export {
  deleteDeviceOf,
  deleteDevicesOfUser,
  deviceCountOfUser,
  deviceIdsOfUser,
  devicesOfUser,
} from './store.ts';
export { adminUserUnbindDevice } from './console-routes.ts';
export { unbindUserDevice } from './unbind-device.ts';
