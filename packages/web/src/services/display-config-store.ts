import type { ResponseOf } from '@nimbus/api-sdk';
import { featureShown, type Feature } from '@nimbus/domain';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export type DisplayConfig = ResponseOf<'systemDisplayConfig'>;

/** The display config and when it arrived (the notices in force are judged at that time). */
export interface ReceivedDisplayConfig {
  config: DisplayConfig;
  receivedAt: number;
}

/**
 * The display config (site notices, feature switches, highlighted plan) once the services chunk
 * has fetched it; undefined before (and while pre-rendering, and so while hydrating).
 */
export const displayConfigStore = createStore<ReceivedDisplayConfig | undefined>()(() => undefined);

export function useDisplayConfig(): ReceivedDisplayConfig | undefined {
  return useStore(displayConfigStore);
}

/**
 * Whether this app shows a feature's entry points (domain `featureShown`: as pre-rendered until
 * the switches arrive, then as the operator set them).
 */
export function useFeatureShown(feature: Feature): boolean {
  return featureShown(useStore(displayConfigStore)?.config.features, feature);
}
