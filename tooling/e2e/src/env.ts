/** The environment the kit reads (the one place it touches process.env). */
export const kitEnv = {
  /** Debian's Chromium unless told otherwise; browsers are never downloaded. */
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** Set by CI. */
  ci: process.env.CI === 'true',
  /** The process environment, for the server child process. */
  processEnv: process.env,
};
