import { deleteAccount } from './accounts/delete-account.ts';
import { login } from './accounts/login.ts';
import { logout } from './accounts/logout.ts';
import { register } from './accounts/register.ts';
import { resetPassword } from './accounts/reset-password.ts';
import { sendCode } from './accounts/send-code.ts';
import { trial } from './accounts/trial.ts';
import { userInfo } from './accounts/user-info.ts';
import { bindDevice, listDevices, unbindDevice, updateDevice } from './devices/devices.ts';
import type { Handlers } from './http/handler.ts';
import { publicKeys } from './system/public-keys.ts';

/** Every endpoint this server implements; the rest of the contract is listed in handlers.test.ts. */
export const allHandlers: Handlers = {
  userRegister: register,
  userLogin: login,
  userLogout: logout,
  userSendCode: sendCode,
  userResetPassword: resetPassword,
  userTrial: trial,
  userDeleteAccount: deleteAccount,
  systemUserInfo: userInfo,
  systemPublicKeys: publicKeys,
  userGetDeviceList: listDevices,
  userBindDevice: bindDevice,
  userUpdateDevice: updateDevice,
  userUnbindDevice: unbindDevice,
};
