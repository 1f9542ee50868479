import {
  changePassword,
  deleteAccount,
  endOtherSessions,
  endSession,
  exchangeSignInLink,
  issueSignInLink,
  keepAccount,
  listSessions,
  login,
  logout,
  mailPreferences,
  mailUnsubscribe,
  register,
  resetPassword,
  sendCode,
  signInLinkAccount,
  updateMailPreferences,
  userInfo,
} from './accounts/calls/index.ts';
import { trial } from './membership/index.ts';
import { benefitOffers, userBenefits } from './benefits/index.ts';
import { bindDevice, listDevices, unbindDevice, updateDevice } from './devices/index.ts';
import type { Handlers } from './http/handler.ts';
import { memberNodes } from './nodes/index.ts';
import { memberTrafficWithQuota } from './membership/index.ts';
import type { Services } from './services.ts';
import {
  closeTicket,
  listTickets,
  openMemberTicket,
  replyToTicket,
  ticketDetail,
} from './tickets/index.ts';
import { clientConfig, displayConfig, publicKeys } from './site/index.ts';
import {
  telegramLink,
  telegramNotices,
  telegramStatus,
  telegramUnlink,
} from './telegram/bot/index.ts';
import {
  thirdPartyDisable,
  thirdPartyEnable,
  thirdPartyReset,
  thirdPartyStatus,
} from './third-party/index.ts';
import { shop } from './plans/index.ts';
import {
  cancelOrder,
  coupon,
  cryptoDetails,
  cryptoSubmit,
  orderHistory,
  orderStatus,
  purchase,
} from './orders/index.ts';
import { redeemCode } from './membership/index.ts';
import { upgradeQuote } from './membership/index.ts';
import {
  createGroup,
  groupDetail,
  groupOrders,
  groupsCreated,
  groupsParticipated,
  joinGroupForPay,
  joinGroupFree,
} from './group-buy/index.ts';
import {
  affiliate,
  invitationRecords,
  kolApplication,
  kolApply,
  updateKolWallet,
} from './inviters/index.ts';

/**
 * The handler of every endpoint of the contract (the type is total: a new endpoint without a
 * handler does not compile). Each handler's file starts with the routes it answers, e.g.
 * `// POST /api/payment/payment_purchase`.
 */
export const allHandlers: Handlers<Services> = {
  userRegister: register,
  userLogin: login,
  userLogout: logout,
  userSendCode: sendCode,
  userResetPassword: resetPassword,
  userTrial: trial,
  userSignInLink: issueSignInLink,
  userSignInLinkAccount: signInLinkAccount,
  userSignInLinkExchange: exchangeSignInLink,
  userDeleteAccount: deleteAccount,
  userChangePassword: changePassword,
  userKeepAccount: keepAccount,
  userSessions: listSessions,
  userEndSession: endSession,
  userEndOtherSessions: endOtherSessions,
  userMailPreferences: mailPreferences,
  userMailPreferencesUpdate: updateMailPreferences,
  userMailUnsubscribe: mailUnsubscribe,
  userTelegramStatus: telegramStatus,
  userTelegramLink: telegramLink,
  userTelegramUnlink: telegramUnlink,
  userTelegramNotices: telegramNotices,
  systemUserInfo: userInfo,
  systemPublicKeys: publicKeys,
  userTicketList: listTickets,
  userTicketOpen: openMemberTicket,
  userTicketDetail: ticketDetail,
  userTicketReply: replyToTicket,
  userTicketClose: closeTicket,
  userGetDeviceList: listDevices,
  userBindDevice: bindDevice,
  userUpdateDevice: updateDevice,
  userUnbindDevice: unbindDevice,
  paymentShop: shop,
  paymentPurchase: purchase,
  paymentCoupon: coupon,
  paymentOrder: orderHistory,
  paymentOrderStatus: orderStatus,
  paymentCancelOrder: cancelOrder,
  paymentCryptoDetails: cryptoDetails,
  paymentCryptoSubmit: cryptoSubmit,
  paymentUpgradeQuote: upgradeQuote,
  systemRedeemCode: redeemCode,
  systemClientConfig: clientConfig,
  systemDisplayConfig: displayConfig,
  systemBenefits: benefitOffers,
  systemUserBenefits: userBenefits,
  systemThirdPartyStatus: thirdPartyStatus,
  systemThirdPartyEnable: thirdPartyEnable,
  systemThirdPartyDisable: thirdPartyDisable,
  systemThirdPartyReset: thirdPartyReset,
  systemTraffic: memberTrafficWithQuota,
  systemNodes: memberNodes,
  paymentJointPurchase: createGroup,
  paymentJointJoinForPay: joinGroupForPay,
  paymentJointJoin: joinGroupFree,
  paymentJointPurchaseCreated: groupsCreated,
  paymentJointPurchaseParticipated: groupsParticipated,
  paymentJointOrder: groupOrders,
  paymentJointDetail: groupDetail,
  systemAffiliate: affiliate,
  systemInvitationRecords: invitationRecords,
  systemKolApplication: kolApplication,
  systemKolApply: kolApply,
  systemKolWalletUpdate: updateKolWallet,
};
