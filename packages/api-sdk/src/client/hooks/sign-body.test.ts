import { describe, expect, test } from 'vitest';
import { DetectedPlatform, type PlatformHeader } from '@nimbus/domain';
import { runBeforeRequest } from '../../../test/hook-state.ts';
import { decryptSignature, generateKeys } from '../../../test/test-server.ts';
import { signBody } from './sign-body.ts';

const keys = generateKeys();
const other = generateKeys();

describe('signBody', () => {
  test('a signed endpoint gets { signature } that node:crypto decrypts to payload + nonce + timestamp', async () => {
    const asked: PlatformHeader[] = [];
    const hook = signBody({
      getPlatform: () => DetectedPlatform.ANDROID,
      getPublicKey: async (p) => {
        asked.push(p);
        return keys.publicKeyPem;
      },
      now: () => 1_736_928_000_000,
    });
    const { result: replaced } = await runBeforeRequest(hook, 'paymentShop', { groupType: 1 });
    expect(replaced).toBeInstanceOf(Request);
    const body = (await (replaced as Request).json()) as { signature: string };
    expect(Object.keys(body)).toEqual(['signature']);
    const plain = decryptSignature(body.signature, keys.privateKey);
    expect(plain).toEqual({
      groupType: 1,
      nonce: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
      timestamp: 1_736_928_000_000,
    });
    expect(asked).toEqual(['android']);
  });

  test("the key of the calling platform is used: another platform's private key cannot read it", async () => {
    const hook = signBody({
      getPlatform: () => DetectedPlatform.IOS,
      getPublicKey: async () => other.publicKeyPem,
    });
    const body = (await (
      (
        await runBeforeRequest(hook, 'systemUserInfo')
      ).result as Request
    ).json()) as { signature: string };
    expect(() => decryptSignature(body.signature, keys.privateKey)).toThrow();
    expect(decryptSignature(body.signature, other.privateKey)).toHaveProperty('nonce');
  });

  test('unsigned endpoints are left alone', async () => {
    const hook = signBody({
      getPlatform: () => DetectedPlatform.IOS,
      getPublicKey: async () => keys.publicKeyPem,
    });
    const { request, result } = await runBeforeRequest(hook, 'paymentPurchase', { productId: 'p' });
    expect(result).toBeUndefined();
    expect(await request.json()).toEqual({ productId: 'p' });
  });

  test('a payload too large for one RSA block fails loudly instead of sending garbage', async () => {
    const hook = signBody({
      getPlatform: () => DetectedPlatform.IOS,
      getPublicKey: async () => keys.publicKeyPem,
    });
    await expect(
      runBeforeRequest(hook, 'paymentShop', { filler: 'x'.repeat(300) }),
    ).rejects.toThrow(/Signing failed/);
  });
});
