import type { EndpointName, EndpointSpec } from '../contract/endpoints.ts';

/** What the hooks know about the call in flight; carried in ky's `context` option. */
export interface CallContext {
  name: EndpointName;
  spec: EndpointSpec;
  /** The payload before signing. */
  payload: object;
  skipErrorHandler: boolean;
}

const KEY = 'nimbusCall';

export function withCallContext(call: CallContext): Record<string, unknown> {
  return { [KEY]: call };
}

export function callContextOf(options: {
  context?: Record<string, unknown>;
}): CallContext | undefined {
  return options.context?.[KEY] as CallContext | undefined;
}
