import type { Static } from 'typebox';
import type { EndpointName, Endpoints } from './endpoints.ts';
import type { Schemas } from './schemas/index.ts';

/** The payload of a call, before signing. */
export type RequestOf<N extends EndpointName> = Static<Schemas[N]['request']>;
/** The envelope's `data` of a successful call. */
export type ResponseOf<N extends EndpointName> = Static<Schemas[N]['response']>;

/** Endpoints that change nothing (queries) and the others (mutations). */
export type ReadEndpointName = {
  [N in EndpointName]: Endpoints[N]['read'] extends true ? N : never;
}[EndpointName];
export type WriteEndpointName = Exclude<EndpointName, ReadEndpointName>;
