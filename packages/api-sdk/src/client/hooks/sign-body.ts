import { platformHeader, type DetectedPlatform, type PlatformHeader } from '@nimbus/domain';
import type { BeforeRequestHook } from 'ky';
import type { SignedBody } from '../../contract/envelope.ts';
import { callContextOf } from '../context.ts';
import { createNonce, encryptOaep, signedJson, type RandomFill } from '../signing.ts';

export interface SigningSources {
  getPlatform: () => DetectedPlatform;
  /** The public key (SPKI PEM) for a platform. */
  getPublicKey: (platform: PlatformHeader) => Promise<string>;
  now?: () => number;
  random?: RandomFill;
}

/**
 * For signed endpoints, replaces the JSON body by `{ signature }`: the payload plus an 8-letter
 * nonce and the time in ms, encrypted with the public key of the platform the call says it is.
 */
export function signBody(sources: SigningSources): BeforeRequestHook {
  const now = sources.now ?? Date.now;
  return async (request, options) => {
    const call = callContextOf(options);
    if (!call?.spec.signed) return;
    const key = await sources.getPublicKey(platformHeader(sources.getPlatform()));
    const signature = await encryptOaep(
      signedJson(call.payload, createNonce(sources.random), now()),
      key,
    );
    const body: SignedBody = { signature };
    return new Request(request, { body: JSON.stringify(body) });
  };
}
