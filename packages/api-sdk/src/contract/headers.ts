/**
 * Header names both sides use. HTTP header names are case-insensitive: Node hands the server
 * lower-cased names, the browser sends them as written here.
 */
export const RequestHeader = {
  authorization: 'Authorization',
  /** ios, android, mac or windows. */
  platform: 'platform',
  /** en or zh_CN; the server localises `msg` by it. */
  language: 'language',
  /** The device id the server issued (response header of the same name). */
  deviceId: 'deviceId',
  groupId: 'group-id',
  bdVid: 'bd-vid',
  twclid: 'twclid',
} as const;

export const ResponseHeader = {
  /** A new session token (login, register, trial). */
  token: 'pragma',
  /** A device id issued by the server, sent back on later calls as `deviceId`. */
  deviceId: 'deviceId',
  /** Correlates a failure with the server's log; quoted to support. */
  requestId: 'x-request-id',
} as const;

/**
 * Response headers the browser may read across origins: the server lists them in
 * `Access-Control-Expose-Headers` when the apps are served from another origin.
 */
export const EXPOSED_RESPONSE_HEADERS = [
  ResponseHeader.token,
  ResponseHeader.deviceId,
  ResponseHeader.requestId,
] as const;
