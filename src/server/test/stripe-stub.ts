import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A local stand-in for Stripe's API (no network): the Stripe SDK is pointed at it through
 * STRIPE_API_HOST/PORT/PROTOCOL. It records every request and answers the JSON shapes the SDK
 * reads, for the few endpoints Stoop calls.
 */

export type StubRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The form-encoded body, decoded (`metadata[planId]` keys as Stripe writes them). */
  form: Record<string, string>;
};

export type StripeStub = {
  port: number;
  requests: StubRequest[];
  /** The card the next setup intents saved (last 4 digits). */
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  /** Set: the next PaymentIntents are declined with this decline code. */
  declineWith: string | null;
  checkoutUrl: (sessionId: string) => string;
};

export async function startStripeStub(): Promise<StripeStub> {
  let seq = 0;
  const next = (prefix: string) => `${prefix}_stub${++seq}`;
  const stub: StripeStub = {
    port: 0,
    requests: [],
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    declineWith: null,
    checkoutUrl: (id) => `https://checkout.stripe.test/c/pay/${id}`,
  };
  // Replays: Stripe answers a repeated idempotency key with the first answer.
  const replays = new Map<string, { status: number; body: unknown }>();

  function answer(req: StubRequest): { status: number; body: unknown } {
    const { method, path } = req;
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: next('cus'), object: 'customer' } };
    }
    const customer = path.match(/^\/v1\/customers\/(\w+)$/);
    if (customer) {
      return {
        status: 200,
        body: {
          id: customer[1],
          object: 'customer',
          invoice_settings: { default_payment_method: 'pm_stub_card' },
        },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = next('cs_test');
      return {
        status: 200,
        body: { id, object: 'checkout.session', mode: 'setup', url: stub.checkoutUrl(id) },
      };
    }
    const setup = path.match(/^\/v1\/setup_intents\/(\w+)$/);
    if (method === 'GET' && setup) {
      return {
        status: 200,
        body: {
          id: setup[1],
          object: 'setup_intent',
          status: 'succeeded',
          payment_method: { id: 'pm_stub_card', object: 'payment_method', card: stub.card },
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = next('pi');
      if (stub.declineWith) {
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: stub.declineWith,
              message: 'Your card was declined.',
              payment_intent: { id, object: 'payment_intent', status: 'requires_payment_method' },
            },
          },
        };
      }
      return {
        status: 200,
        body: {
          id,
          object: 'payment_intent',
          status: 'succeeded',
          amount: Number(req.form.amount),
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `stub: no ${method} ${path}` } },
    };
  }

  const server = http.createServer((incoming, res) => {
    let raw = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => {
      raw += chunk;
    });
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stub');
      const key = incoming.headers['idempotency-key'];
      const req: StubRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        authorization: incoming.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(raw || url.search)),
      };
      stub.requests.push(req);
      const replayKey = req.idempotencyKey && `${req.method} ${req.path} ${req.idempotencyKey}`;
      const result = (replayKey && replays.get(replayKey)) || answer(req);
      if (replayKey) replays.set(replayKey, result);
      res.writeHead(result.status, {
        'content-type': 'application/json',
        'request-id': 'req_stub',
      });
      res.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.port = (server.address() as AddressInfo).port;
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return stub;
}
