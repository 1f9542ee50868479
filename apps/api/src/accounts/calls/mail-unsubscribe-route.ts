import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../errors/refusal.ts';
import { API_PREFIXES } from '../../http/routes.ts';
import type { PlatformServices } from '../../platform/platform-services.ts';
import { unsubscribeByToken } from './mail-preferences.ts';
import { ONE_CLICK_PATH } from '../../mail/index.ts';

/**
 * The RFC 8058 one-click unsubscribe: mail programs POST `List-Unsubscribe=One-Click` (form
 * encoded) to the List-Unsubscribe address of a notice, `/v4/mail/unsubscribe?key=...`. It
 * answers 200 with an empty body once the category is off, 400 for a token this server did not
 * sign. A GET changes nothing (link checkers fetch addresses): it sends the reader to the page.
 */
export async function registerUnsubscribeRoute(
  app: FastifyInstance,
  services: Pick<PlatformServices, 'db' | 'secret'>,
  clock: () => number,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, String(body)),
    );
    for (const prefix of API_PREFIXES) {
      scope.post<{ Querystring: { token?: string } }>(
        `${prefix}${ONE_CLICK_PATH}`,
        async (request, reply) => {
          try {
            await unsubscribeByToken(services, String(request.query.token ?? ''), clock());
          } catch (error) {
            if (error instanceof Refusal) return reply.code(400).send();
            throw error;
          }
          return reply.header('cache-control', 'no-store').code(200).send();
        },
      );
      scope.get<{ Querystring: { token?: string } }>(
        `${prefix}${ONE_CLICK_PATH}`,
        (request, reply) =>
          reply.redirect(
            `/unsubscribe?key=${encodeURIComponent(String(request.query.token ?? ''))}`,
          ),
      );
    }
  });
}
