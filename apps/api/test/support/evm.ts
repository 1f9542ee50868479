// The local EVM for tests moved to the shared end-to-end kit (tooling/e2e/src/evm.ts) so the
// marketing site's wallet tests use the same node and token; the API's tests import it here.
export * from '../../../../tooling/e2e/src/evm.ts';
