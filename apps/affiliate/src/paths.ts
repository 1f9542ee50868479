/** The dashboard's pages (the app is served under /user/kol). */
export const DASHBOARD_PATH = '/user/kol';
export const APPLY_PATH = '/user/kol/apply';
export const WALLET_PATH = '/user/kol/wallet';
/** The account centre's ticket form with the affiliate category chosen (payout questions). */
export const SUPPORT_AFFILIATE_PATH = '/user/support?category=affiliate';
