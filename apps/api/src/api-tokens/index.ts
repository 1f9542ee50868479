/** Scoped API tokens (README.md): what other folders may use of them. */
export { apiTokenConsoleHandlers } from './console-routes.ts';
export { OPENAPI_PATH, registerOpenApi } from './openapi.ts';
export {
  auditApiTokenCall,
  authenticateApiToken,
  isApiToken,
  type ApiTokenCaller,
} from './tokens.ts';
