import type { Static } from 'typebox';
import type { AdminEndpointName } from './admin-endpoints.ts';
import type { AdminSchemas } from './admin-schemas.ts';

export type AdminRequestOf<N extends AdminEndpointName> = Static<AdminSchemas[N]['request']>;
export type AdminResponseOf<N extends AdminEndpointName> = Static<AdminSchemas[N]['response']>;
