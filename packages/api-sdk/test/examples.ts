import type { EndpointName, RequestOf, ResponseOf } from '../src/contract/index.ts';

/**
 * One valid request and response per endpoint. Typed as the contract's types (so a missing
 * endpoint or field fails typecheck) and checked against the schemas at run time (so the
 * schemas and the types agree). The HTTP tests' server answers with these.
 */
const day = 86_400_000;
const t0 = Date.UTC(2025, 0, 15, 8, 0, 0);

const userInfo: ResponseOf<'systemUserInfo'> = {
  userId: '10000001', username: 'alice', email: 'alice@example.com', phone: null, inviteCode: 'ALICE1',
  inviteLink: '/register?ref=ALICE1', standardExpireTime: t0 + 30 * day, liteExpireTime: 0, yearlyPaidUser: 1,
  benefitsExpireTime: t0 + 365 * day, deviceLimit: 5, deviceCount: 1, isKol: false, hasTrialAvailable: true,
  thirdPartyEnabled: false, registeredAt: t0,
};
const device = { id: 'd1', type: 2, kind: 1, system: 'macOS 15.2', version: '4.1.0', name: 'MacBook', boundAt: t0, current: true } as const;
const plan: ResponseOf<'paymentShop'>['items'][number] = {
  productId: 'std-12m', groupType: 1, name: 'Standard 12 months', durationDays: 365, priceMinor: 5999, originalPriceMinor: 11988,
  currency: 'USD', savingsMinor: 5989, discountPercent: 50, devicesAllowed: 5, recommended: true,
  groupBuy: [{ size: 2, unitPriceMinor: 4799 }, { size: 3, unitPriceMinor: 4199 }],
};
const money = { amountMinor: 5999, currency: 'USD' };
const group: ResponseOf<'paymentJointDetail'> = {
  groupId: 'G1', productId: 'std-12m', productName: 'Standard 12 months', durationDays: 365, creator: 'al***@example.com',
  createdAt: t0, expireAt: t0 + day, finishAt: null, membersJoined: 1, size: 2, unitPriceMinor: 4799, currency: 'USD',
  devicesAllowed: 5, status: 0, paymentType: 1, creatorPaid: true, inviteLink: '/group-buying?groupId=G1', viewerRole: null,
};
const third: ResponseOf<'systemThirdPartyStatus'> = {
  enabled: true, enabledAt: t0, nextEnableAt: t0 + 7 * day, speedLimitMbps: 10,
  subscription: {
    clash: 'https://api.example/sub/x?format=clash', singbox: 'https://api.example/sub/x?format=singbox', base64: 'https://api.example/sub/x',
    importLinks: {
      clash: 'clash://install-config?url=https%3A%2F%2Fapi.example%2Fsub%2Fx%3Fformat%3Dclash&name=Nimbus',
      singbox: 'sing-box://import-remote-profile?url=https%3A%2F%2Fapi.example%2Fsub%2Fx%3Fformat%3Dsingbox#Nimbus',
      shadowrocket: 'shadowrocket://add/sub://aHR0cHM6Ly9hcGkuZXhhbXBsZS9zdWIveA==?remark=Nimbus',
    },
  },
};
const summary = {
  inviteCode: 'KOL1', inviteLink: '/register?ref=KOL1', firstPurchaseRatePercent: 50, renewalRatePercent: 20, currency: 'USD',
  pendingMinor: 1200, payableMinor: 3000, settledMinor: 25_000, payoutThresholdMinor: 10_000, invitedCount: 12, paidCount: 4,
};

export const exampleResponses: { [N in EndpointName]: ResponseOf<N> } = {
  systemUserInfo: userInfo,
  systemClientConfig: {
    downloads: [{ platform: 'ios', version: '4.1.0', storeUrl: 'https://apps.apple.com/app/id1', packageUrl: null, minSystem: 'iOS 15', releasedAt: t0 }],
    support: { email: 'support@nimbus.example', telegram: 'https://t.me/nimbus' },
    groupBuy: { enabled: true, startsAt: t0, endsAt: t0 + 30 * day },
    paymentMethods: ['card', 'crypto'],
    crypto: { networks: [{ chainId: 1, name: 'Ethereum', explorerTxUrl: 'https://etherscan.io/tx/', tokens: [{ symbol: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 }] }] },
    links: { blog: 'https://blog.nimbus.example', status: 'https://status.nimbus.example', announcements: null, githubMirrors: [{ name: 'GitHub', url: 'https://github.com/nimbus/mirror' }] },
    trial: { minutes: 15, invitedMinutes: 180 },
  },
  systemDisplayConfig: {
    notices: [{ id: 'n1', level: 'info', text: { en: 'New nodes in Tokyo', 'zh-CN': '东京新增节点' }, link: null, startsAt: t0, endsAt: null }],
    features: { trial: true, groupBuy: true, cryptoPay: true, affiliate: true, thirdParty: true, benefits: true, studentDiscount: false },
    highlightProductId: 'std-12m',
  },
  systemRedeemCode: { productName: 'Standard 1 month', grantedSeconds: 2_592_000, standardExpireTime: t0 + 60 * day, liteExpireTime: 0 },
  systemAffiliate: { isKol: true, summary, tab: 'commission', records: { items: [{ referredUid: '10000002', package: 'Standard 12 months', amountPaidMinor: 5999, currency: 'USD', type: 0, referRate: 50, referAmountMinor: 2999, status: 0, date: t0 }], total: 1, page: 1, pageSize: 10 } },
  systemBenefits: { items: [{ benefitId: 'b1', name: 'Streaming', link: 'https://example.com' }] },
  systemUserBenefits: { benefitsExpireTime: t0 + 365 * day, items: [{ benefitId: 'b1', name: 'Streaming', accountName: 'shared@example.com', password: 'pw-123456', link: 'https://example.com' }] },
  userGetDeviceList: { items: [device], deviceLimit: 5 },
  userUnbindDevice: null,
  paymentShop: { items: [plan] },
  paymentPurchase: { orderId: 'O1', status: 'pending', amount: money, checkoutUrl: 'https://api.example/sandbox/checkout/O1' },
  paymentCoupon: { code: 'SPRING', productId: 'std-12m', discountMinor: 600, priceMinor: 5399, currency: 'USD', percentOff: 10 },
  paymentOrder: { items: [{ orderId: 'O1', createdAt: t0, productName: 'Standard 12 months', amount: money, status: 'paid', paymentMethod: 'card' }], total: 1, page: 1, pageSize: 10 },
  paymentJointPurchase: { group, orderId: 'O2', amount: { amountMinor: 4799, currency: 'USD' }, checkoutUrl: null },
  paymentJointJoinForPay: { group, orderId: 'O3', amount: { amountMinor: 4799, currency: 'USD' }, checkoutUrl: 'https://api.example/sandbox/checkout/O3' },
  paymentJointJoin: group,
  paymentJointPurchaseCreated: { items: [group], total: 1, page: 1, pageSize: 10 },
  paymentJointPurchaseParticipated: { items: [], total: 0, page: 1, pageSize: 10 },
  paymentJointOrder: { items: [{ orderId: 'O2', groupId: 'G1', productName: 'Standard 12 months', role: 'creator', amount: money, status: 'paid', createdAt: t0 }], total: 1, page: 1, pageSize: 10 },
  userRegister: { userId: '10000003', trialSeconds: 10_800 },
  userLogin: { userId: '10000001' },
  userLogout: null,
  userSendCode: { resendAfterSeconds: 60, expiresInSeconds: 600 },
  userResetPassword: null,
  userTrial: { userId: '10000001', trialEndsAt: t0 + 900_000, trialSeconds: 900 },
  userDeleteAccount: null,
  userBindDevice: device,
  userUpdateDevice: { ...device, name: 'Work Mac' },
  paymentOrderStatus: { orderId: 'O1', status: 'paid', paidAt: t0, productName: 'Standard 12 months', amount: money, paymentNotDetected: false },
  paymentCryptoDetails: {
    orderId: 'O4', network: { chainId: 1, name: 'Ethereum' }, token: { symbol: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    recipient: '0x1111111111111111111111111111111111111111', amount: '59990000', reference: 'NMB-O4', expiresAt: t0 + 3_600_000,
  },
  paymentCryptoSubmit: { orderId: 'O4', status: 'pending' },
  paymentUpgradeQuote: { productId: 'std-12m', liteRemainingSeconds: 864_000, conversionPercent: 50, convertedSeconds: 432_000, standardExpireTimeAfter: t0 + 370 * day, price: money },
  paymentJointDetail: group,
  systemThirdPartyStatus: third,
  systemThirdPartyEnable: third,
  systemThirdPartyDisable: { ...third, enabled: false, subscription: null },
  systemThirdPartyReset: third,
  systemInvitationRecords: {
    items: [
      { date: t0, invitee: 'bo***@example.com', productName: null, bonusSeconds: 0, bonusReversed: false },
      { date: t0, invitee: 'al***@example.com', productName: 'Standard · 1 month', bonusSeconds: 0, bonusReversed: true },
    ],
    total: 2, page: 1, pageSize: 10, totalBonusSeconds: 0,
  },
  systemPublicKeys: { keys: { ios: 'PEM', android: 'PEM', mac: 'PEM', windows: 'PEM' } },
};

export const exampleRequests: { [N in EndpointName]: RequestOf<N> } = {
  systemUserInfo: {},
  systemClientConfig: {},
  systemDisplayConfig: {},
  systemRedeemCode: { code: 'GIFT-2025' },
  systemAffiliate: { tab: 'settlement', page: 1, pageSize: 10 },
  systemBenefits: {},
  systemUserBenefits: {},
  userGetDeviceList: {},
  userUnbindDevice: { deviceId: 'd1' },
  paymentShop: { groupType: 1 },
  paymentPurchase: { productId: 'std-12m', paymentMethod: 'card', promoCode: 'SPRING', idempotencyKey: '0f8e2a4c-1b7d-4e9a-8c3f-5d6b7a8e9f01', upgrade: false },
  paymentCoupon: { code: 'SPRING', productId: 'std-12m' },
  paymentOrder: { page: 1, pageSize: 10 },
  paymentJointPurchase: { productId: 'std-12m', size: 2, paymentType: 1, paymentMethod: 'card', idempotencyKey: '0f8e2a4c-1b7d-4e9a-8c3f-5d6b7a8e9f02' },
  paymentJointJoinForPay: { groupId: 'G1', paymentMethod: 'card', idempotencyKey: '0f8e2a4c-1b7d-4e9a-8c3f-5d6b7a8e9f03' },
  paymentJointJoin: { groupId: 'G1' },
  paymentJointPurchaseCreated: { page: 1, pageSize: 10 },
  paymentJointPurchaseParticipated: { page: 2, pageSize: 20 },
  paymentJointOrder: { page: 1, pageSize: 50 },
  userRegister: { channel: 'email', account: 'bob@example.com', password: 'correct horse', code: '123456', inviteCode: 'ALICE1', agreeTerms: true, attribution: { gclid: 'abc', ref: 'ALICE1', ref_action: 'ALICE1:pricing' } },
  userLogin: { channel: 'username', account: 'alice', password: 'correct horse', agreeTerms: true },
  userLogout: { everywhere: true },
  userSendCode: { channel: 'phone', target: '+8613800138000', purpose: 'register' },
  userResetPassword: { channel: 'email', account: 'alice@example.com', code: '654321', password: 'new password 1' },
  userTrial: {},
  userDeleteAccount: { password: 'correct horse' },
  userBindDevice: { deviceId: 'hw-42', platform: 0, kind: 0, system: 'iOS 18.2', version: '4.1.0', name: 'iPhone' },
  userUpdateDevice: { deviceId: 'd1', name: 'Work Mac' },
  paymentOrderStatus: { orderId: 'O1' },
  paymentCryptoDetails: { orderId: 'O4', chainId: 1, token: 'USDT' },
  paymentCryptoSubmit: { orderId: 'O4', chainId: 1, txHash: `0x${'ab'.repeat(32)}` },
  paymentUpgradeQuote: { productId: 'std-12m' },
  paymentJointDetail: { groupId: 'G1' },
  systemThirdPartyStatus: {},
  systemThirdPartyEnable: {},
  systemThirdPartyDisable: {},
  systemThirdPartyReset: {},
  systemInvitationRecords: { page: 1, pageSize: 10 },
  systemPublicKeys: {},
};
