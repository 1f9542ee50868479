import { ErrorCode } from '@nimbus/api-sdk/contract';
import { OrderStatus, type Language } from '@nimbus/domain';
import { languageFromRequest } from '@nimbus/i18n/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure, requestLanguage, success } from '../http/envelope.ts';
import { API_PREFIXES } from '../http/routes.ts';
import type { OrderServices } from './order-services.ts';
import { orderProductName } from './lifecycle.ts';
import { findOrder } from './order-store.ts';
import { renderCheckoutPage, type CheckoutView } from './providers/sandbox/checkout-page.ts';
import { isIgnored } from './providers/provider.ts';
import { SANDBOX_SIGNATURE_HEADER } from './providers/sandbox/sandbox-provider.ts';
import { applyPaymentEvent } from './webhooks.ts';

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The payment routes outside the contract: provider webhooks (`POST /v4/payment/webhook/<provider>`
 * and the /v4/test twin), which need the exact body bytes to verify a signature, and the sandbox's
 * hosted checkout page (`GET/POST /pay/sandbox/<orderId>`). Registered in their own plugin scope
 * so their body parsers do not touch the API's.
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  services: OrderServices,
  clock: () => number,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    // EPay gateways post form fields; the provider verifies the exact bytes.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: 8192 },
      (_req, body, done) => done(null, body),
    );
    const handle = async (
      request: FastifyRequest<{ Params: { provider: string } }>,
      reply: FastifyReply,
      rawBody: Buffer | undefined,
    ) => {
      const language = requestLanguage(request);
      const provider = services.orders.providers.get(request.params.provider);
      if (!provider || (request.method === 'GET' && !provider.webhookGet))
        return reply.status(404).send(failure(language, ErrorCode.NOT_FOUND));
      const answer = (outcome: string, fallback: () => FastifyReply) => {
        const custom = provider.answerWebhook?.(outcome);
        return custom
          ? reply.status(custom.status).type(custom.contentType).send(custom.body)
          : fallback();
      };
      const now = clock();
      const event = rawBody ? provider.verifyWebhook(rawBody, request.headers, now) : undefined;
      if (!event) {
        request.log.warn(
          { provider: provider.name },
          'payment webhook refused: signature or body invalid',
        );
        return answer('invalid', () =>
          reply.status(400).send(failure(language, ErrorCode.SIGNATURE_INVALID)),
        );
      }
      if (isIgnored(event)) {
        request.log.info(
          { provider: provider.name, eventId: event.eventId, reason: event.reason },
          'payment webhook ignored',
        );
        return answer('ignored', () =>
          reply.send(success(language, { received: true, outcome: 'ignored' })),
        );
      }
      const outcome = await applyPaymentEvent(services, provider.name, event, now);
      request.log.info(
        {
          provider: provider.name,
          eventId: event.eventId,
          orderId: event.orderId,
          paymentRef: event.paymentRef,
          type: event.type,
          outcome,
        },
        'payment webhook',
      );
      // An event that cannot apply yet (a refund before its payment) is refused, so the
      // provider sends it again later; nothing of it was recorded.
      if (outcome === 'not_ready')
        return answer(outcome, () =>
          reply.status(503).send(failure(language, ErrorCode.SERVICE_UNAVAILABLE)),
        );
      return answer(outcome, () => reply.send(success(language, { received: true, outcome })));
    };
    for (const prefix of API_PREFIXES) {
      scope.post<{ Params: { provider: string } }>(
        `${prefix}/payment/webhook/:provider`,
        (request, reply) =>
          handle(request, reply, Buffer.isBuffer(request.body) ? request.body : undefined),
      );
      // EPay gateways may notify with a GET: the query string carries the signed fields.
      scope.get<{ Params: { provider: string } }>(
        `${prefix}/payment/webhook/:provider`,
        (request, reply) => {
          const at = request.url.indexOf('?');
          return handle(request, reply, Buffer.from(at < 0 ? '' : request.url.slice(at + 1)));
        },
      );
    }
  });

  if (!services.config.payments.sandbox) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const { sandbox } = services.orders;
    const returnUrl = services.config.payments.checkoutReturnUrl;

    const view = async (
      orderId: string,
      key: unknown,
      lang: Language,
      now: number,
    ): Promise<CheckoutView> => {
      // Without its key an order is not shown (nor pressed): the same page as no order at all.
      const found = sandbox.checksCheckoutKey(orderId, key)
        ? await findOrder(services.db, { publicId: orderId })
        : undefined;
      const order = found?.provider === sandbox.name ? found : undefined;
      if (!order)
        return {
          orderId,
          productName: '',
          amountMinor: 0,
          currency: 'USD',
          state: 'missing',
          returnUrl,
          key: '',
        };
      const state =
        order.status === OrderStatus.PAID || order.status === OrderStatus.REFUNDED
          ? 'paid'
          : order.status === OrderStatus.PENDING && order.expires_at > now
            ? 'payable'
            : 'closed';
      return {
        orderId,
        productName: orderProductName(order, lang),
        amountMinor: order.amount_minor,
        currency: order.currency,
        state,
        returnUrl,
        key: sandbox.checkoutKey(orderId),
      };
    };
    const language = (request: FastifyRequest) =>
      languageFromRequest({
        language: header(request, 'language') ?? null,
        cookie: header(request, 'cookie') ?? null,
        acceptLanguage: header(request, 'accept-language') ?? null,
      });
    type CheckoutRequest = FastifyRequest<{
      Params: { orderId: string };
      Querystring: { key?: string };
    }>;
    const page = async (request: CheckoutRequest, reply: FastifyReply, status = 200) => {
      const lang = language(request);
      const v = await view(request.params.orderId, request.query.key, lang, clock());
      return reply
        .status(v.state === 'missing' ? 404 : status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderCheckoutPage(v, lang));
    };

    scope.get<{ Params: { orderId: string }; Querystring: { key?: string } }>(
      '/pay/sandbox/:orderId',
      (request, reply) => page(request, reply),
    );

    scope.post<{
      Params: { orderId: string };
      Querystring: { key?: string };
      Body: Record<string, string> | undefined;
    }>('/pay/sandbox/:orderId', async (request, reply) => {
      const now = clock();
      const outcome = request.body?.outcome;
      const v = await view(request.params.orderId, request.query.key, language(request), now);
      if ((outcome !== 'pay' && outcome !== 'fail') || v.state !== 'payable')
        return page(request, reply, v.state === 'payable' ? 400 : 409);
      // The sandbox plays the provider: it delivers a signed webhook to this server's webhook
      // route (the same bytes a provider would send over the network), then returns the buyer.
      const signed = sandbox.signEvent(
        {
          type: outcome === 'pay' ? 'paid' : 'failed',
          orderId: v.orderId,
          amountMinor: v.amountMinor,
          currency: v.currency,
        },
        now,
      );
      const delivered = await app.inject({
        method: 'POST',
        url: `${API_PREFIXES[0]}/payment/webhook/${sandbox.name}`,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signed.signature,
        },
        payload: signed.body,
      });
      if (delivered.statusCode !== 200) {
        request.log.error(
          { status: delivered.statusCode, body: delivered.body },
          'sandbox webhook delivery failed',
        );
        return reply
          .status(502)
          .type('text/plain; charset=utf-8')
          .send(failure(language(request), ErrorCode.SERVICE_UNAVAILABLE).msg);
      }
      const separator = returnUrl.includes('?') ? '&' : '?';
      return reply.redirect(
        `${returnUrl}${separator}orderId=${encodeURIComponent(v.orderId)}`,
        303,
      );
    });
  });
}
