import { Type, type TSchema } from 'typebox';

/** The envelope around a call's `data` (see ../envelope.ts for the type and helpers). */
export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), status: Type.String(), data });
}
export const ErrorEnvelopeSchema = EnvelopeSchema(Type.Null());

/**
 * The body of a signed call: base64 RSA-OAEP (SHA-256) of the JSON payload plus nonce and
 * timestamp.
 */
export const SignedBodySchema = Type.Object(
  { signature: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
