/**
 * The site noun (docs/architecture.md, noun folders): the public calls that describe the site to
 * the web apps and the clients (`system_client_config`, `system_display_config`,
 * `system_public_keys`, in member-routes.ts), read from the run-time settings, the environment's
 * defaults (config/site-config.ts) and the signing keys.
 */
export { clientConfig, displayConfig, publicKeys } from './member-routes.ts';
