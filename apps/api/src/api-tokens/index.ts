/** Scoped API tokens (README.md): what other folders may use of them. */
export { apiTokenConsoleHandlers } from './console-routes.ts';
export {
  auditApiTokenCall,
  authenticateApiToken,
  isApiToken,
  type ApiTokenCaller,
} from './tokens.ts';
