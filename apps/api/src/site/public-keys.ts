import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import type { CallContext } from '../http/handler.ts';

/**
 * system_public_keys: the signing keys per platform, so the apps need no rebuild when keys change.
 */
export async function publicKeys(
  _input: RequestOf<'systemPublicKeys'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemPublicKeys'>> {
  return { keys: { ...ctx.services.keys.publicPems } };
}
