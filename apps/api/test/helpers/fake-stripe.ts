// A local fake of the few Stripe API calls the stripe provider makes (customers, SetupIntents,
// PaymentMethods, PaymentIntents), on 127.0.0.1, for the official package pointed at it with
// STRIPE_API_BASE. It keeps Stripe's rules that matter to exactly-once charging: an
// Idempotency-Key replays its first answer (a decline included) and refuses other parameters;
// Stripe's test payment methods decide each charge; and an answer can be dropped after the
// charge is made, as a timeout or a killed connection loses it.
//
// It also answers the few calls Stripe.js makes from the browser with the publishable key
// (`key=pk_…` in the form, as Stripe.js sends it), for the e2e suite's stand-in of Stripe.js:
// a card typed into the card form made a PaymentMethod, a SetupIntent confirmed with it, and the
// answer of the bank's test page to a payment that asked for authentication.

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_SECRET_KEY = 'sk_test_omega_fake_stripe_key';
export const FAKE_WEBHOOK_SECRET = 'whsec_omega_fake_stripe_webhook_secret';
export const FAKE_PUBLISHABLE_KEY = 'pk_test_omega_fake';

type Behaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'authentication_required';

/** Stripe's test PaymentMethods, as its documentation lists them, and what each charge does. */
const TEST_CARDS: Record<string, { brand: string; last4: string; behaviour: Behaviour }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: 'insufficient_funds',
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3155',
    behaviour: 'authentication_required',
  },
};

/** Stripe's test card numbers, as typed into a card form, and the test PaymentMethod of each. */
const TEST_NUMBERS: Record<string, keyof typeof TEST_CARDS> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000002500003155': 'pm_card_authenticationRequired',
};

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

interface StoredPaymentMethod {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  behaviour: Behaviour;
  /** The expiry typed into a card form; Stripe's test PaymentMethods expire 12/2034. */
  expMonth?: number;
  expYear?: number;
}

export interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: 'succeeded' | 'requires_payment_method' | 'requires_action' | 'processing';
  metadata: Record<string, string>;
  created: number;
  client_secret: string;
  last_payment_error: Json | null;
  off_session: boolean;
}

/** A request as the fake saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** Whether it was answered from a stored idempotent result. */
  replayed: boolean;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][c]=v` and `a[0]=v` form fields as nested objects (stripe-node's encoding). */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Params;
      }
    }
  }
  return out;
}

const stripeError = (status: number, error: Json) => ({ status, body: { error } });

export class FakeStripe {
  readonly customers = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  /** Every PaymentIntent made, in order: a charge made twice shows here twice. */
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly requests: SeenRequest[] = [];
  private readonly idempotent = new Map<
    string,
    { fingerprint: string; status: number; body: unknown }
  >();
  /** PaymentIntent creations still to lose the answer of, and how. */
  private drops: Array<'hang' | 'reset'> = [];
  private readonly held = new Set<ServerResponse>();
  private readonly server: Server = createServer((req, res) => this.receive(req, res));

  async start(): Promise<this> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  /** What STRIPE_API_BASE is set to. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  /**
   * The next `count` PaymentIntent creations are made, but their answers are lost: 'hang'
   * never answers (the client's timeout ends the wait), 'reset' closes the connection.
   */
  loseAnswers(count: number, how: 'hang' | 'reset' = 'hang'): void {
    for (let i = 0; i < count; i++) this.drops.push(how);
  }

  /** The user answers the bank's authentication step (Stripe.js confirmCardPayment). */
  authenticate(paymentIntentId: string, approve: boolean): FakePaymentIntent {
    const pi = this.paymentIntents.get(paymentIntentId);
    if (pi?.status !== 'requires_action') throw new Error(`${paymentIntentId} awaits no action`);
    if (approve) {
      pi.status = 'succeeded';
      pi.last_payment_error = null;
    } else {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = cardError('payment_intent_authentication_failure', null, pi);
    }
    return pi;
  }

  /** The PaymentIntent as the API shows it (and as an event carries it). */
  intent(paymentIntentId: string): Json {
    const pi = this.paymentIntents.get(paymentIntentId);
    if (!pi) throw new Error(`no PaymentIntent ${paymentIntentId}`);
    return intentJson(pi);
  }

  /** A webhook event for a PaymentIntent, as Stripe sends it. */
  event(type: string, paymentIntentId: string, eventId = id('evt')): Json {
    return {
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: this.intent(paymentIntentId) },
    };
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const params = method === 'GET' ? parseForm(url.searchParams.toString()) : parseForm(body);
      const key = header(req, 'idempotency-key');
      const seen: SeenRequest = {
        method,
        path: url.pathname,
        idempotencyKey: key,
        replayed: false,
      };
      this.requests.push(seen);
      const browser = method === 'POST' && params.key === FAKE_PUBLISHABLE_KEY;
      if (browser) {
        const answer = this.browserCall(url.pathname, params);
        send(res, answer.status, answer.body);
        return;
      }
      if (header(req, 'authorization') !== `Bearer ${FAKE_SECRET_KEY}`) {
        send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
        return;
      }
      // Stripe keeps the first answer to a POST with a key and replays it for the same
      // parameters; other parameters under the same key are refused.
      const stored = method === 'POST' && key ? this.idempotent.get(key) : undefined;
      const fingerprint = `${method} ${url.pathname} ${body}`;
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        seen.replayed = true;
        this.answer(res, url.pathname, method, stored.status, stored.body, true);
        return;
      }
      const { status, body: answer } = this.route(method, url.pathname, params);
      if (method === 'POST' && key && status !== 401 && status < 500) {
        this.idempotent.set(key, { fingerprint, status, body: answer });
      }
      this.answer(res, url.pathname, method, status, answer, false);
    });
  }

  private answer(
    res: ServerResponse,
    path: string,
    method: string,
    status: number,
    body: unknown,
    replayed: boolean,
  ): void {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const drop = this.drops.shift();
      if (drop === 'reset') {
        res.socket?.destroy();
        return;
      }
      if (drop === 'hang') {
        this.held.add(res);
        res.on('close', () => this.held.delete(res));
        return;
      }
    }
    send(res, status, body, replayed ? { 'idempotent-replayed': 'true' } : {});
  }

  /** A call Stripe.js makes with the publishable key (see the top of this file). */
  private browserCall(path: string, params: Params): { status: number; body: unknown } {
    const [, resource, objectId, action] = path.split('/').filter(Boolean);
    if (resource === 'payment_methods' && !objectId) {
      const card = (params.card ?? {}) as Params;
      const number = String(card.number ?? '').replace(/\D/g, '');
      const test = TEST_CARDS[TEST_NUMBERS[number] ?? ''];
      if (!test) {
        return stripeError(402, {
          type: 'card_error',
          code: 'incorrect_number',
          param: 'card[number]',
          message: 'Your card number is incorrect.',
        });
      }
      const pm: StoredPaymentMethod = {
        id: id('pm'),
        customer: null,
        ...test,
        expMonth: Number(card.exp_month),
        expYear: Number(card.exp_year),
      };
      this.paymentMethods.set(pm.id, pm);
      return { status: 200, body: paymentMethodJson(pm) };
    }
    if (resource === 'setup_intents' && objectId && action === 'confirm') {
      const setup = this.setupIntents.get(objectId);
      if (!setup || setup.client_secret !== params.client_secret) {
        return missing(objectId, 'setup_intent');
      }
      const pm = this.paymentMethods.get(String(params.payment_method ?? ''));
      if (!pm) return missing(String(params.payment_method), 'payment_method');
      // Setting a card up checks it with the bank: the always-declined card fails here.
      if (pm.behaviour === 'declined') {
        setup.status = 'requires_payment_method';
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          setup_intent: setup,
        });
      }
      setup.status = 'succeeded';
      setup.payment_method = pm.id;
      return { status: 200, body: setup };
    }
    if (resource === 'payment_intents' && objectId && action === 'test_authentication') {
      // Not a Stripe API call: the answer the bank's test page gives Stripe.js (its 3-D Secure
      // frame), which Stripe does not publish. A payment asking for no action is left as it is.
      const pi = this.paymentIntents.get(objectId);
      if (!pi || pi.client_secret !== params.client_secret) {
        return missing(objectId, 'payment_intent');
      }
      if (pi.status === 'requires_action') this.authenticate(pi.id, params.approve === 'true');
      return { status: 200, body: intentJson(pi) };
    }
    return missing(path);
  }

  private route(method: string, path: string, params: Params): { status: number; body: unknown } {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1') return missing(path);
    const [, resource, objectId, action] = parts;
    if (resource === 'customers' && method === 'POST' && !objectId) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      this.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'customers' && objectId) {
      const customer = this.customers.get(objectId);
      if (!customer) return missing(objectId, 'customer');
      if (method === 'POST') {
        const settings = params.invoice_settings as Params | undefined;
        if (settings?.default_payment_method !== undefined) {
          customer.invoice_settings = { default_payment_method: settings.default_payment_method };
        }
      }
      return { status: 200, body: customer };
    }
    if (resource === 'setup_intents' && method === 'POST' && !objectId) {
      const customer = String(params.customer ?? '');
      if (!this.customers.has(customer)) return missing(customer, 'customer');
      const intentId = id('seti');
      const setup = {
        id: intentId,
        object: 'setup_intent',
        customer,
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
        usage: params.usage ?? 'off_session',
        payment_method_types: ['card'],
      };
      this.setupIntents.set(intentId, setup);
      return { status: 200, body: setup };
    }
    if (resource === 'payment_methods' && objectId) {
      return this.paymentMethod(method, objectId, action, params);
    }
    if (resource === 'payment_intents') return this.paymentIntent(method, objectId, params);
    return missing(path);
  }

  private paymentMethod(
    method: string,
    pmId: string,
    action: string | undefined,
    params: Params,
  ): { status: number; body: unknown } {
    let pm = this.paymentMethods.get(pmId);
    const card = TEST_CARDS[pmId];
    if (method === 'POST' && action === 'attach') {
      const customer = String(params.customer ?? '');
      if (!this.customers.has(customer)) return missing(customer, 'customer');
      if (!pm && card) {
        // Attaching a test PaymentMethod makes a new one of the same card, as Stripe does.
        pm = { id: id('pm'), customer: null, ...card };
        this.paymentMethods.set(pm.id, pm);
      }
      if (!pm) return missing(pmId, 'payment_method');
      pm.customer = customer;
      return { status: 200, body: paymentMethodJson(pm) };
    }
    if (method === 'GET' && !action) {
      if (pm) return { status: 200, body: paymentMethodJson(pm) };
      if (card)
        return { status: 200, body: paymentMethodJson({ id: pmId, customer: null, ...card }) };
    }
    return missing(pmId, 'payment_method');
  }

  private paymentIntent(
    method: string,
    piId: string | undefined,
    params: Params,
  ): { status: number; body: unknown } {
    if (method === 'GET' && piId) {
      const pi = this.paymentIntents.get(piId);
      return pi ? { status: 200, body: intentJson(pi) } : missing(piId, 'payment_intent');
    }
    if (method === 'GET' && !piId) {
      // The list, newest first, filtered by customer and creation time as Stripe filters it.
      const created = params.created as Params | undefined;
      const from = created?.gte === undefined ? 0 : Number(created.gte);
      const data = [...this.paymentIntents.values()]
        .filter((pi) => !params.customer || pi.customer === params.customer)
        .filter((pi) => pi.created >= from)
        .reverse()
        .slice(0, Number(params.limit ?? 10))
        .map(intentJson);
      return {
        status: 200,
        body: { object: 'list', url: '/v1/payment_intents', has_more: false, data },
      };
    }
    if (method !== 'POST' || piId) return missing(piId ?? 'payment_intents');
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      });
    }
    const pmId = String(params.payment_method ?? '');
    const pm = this.paymentMethods.get(pmId);
    if (!pm) return missing(pmId, 'payment_method');
    const customer = params.customer === undefined ? null : String(params.customer);
    if (pm.customer !== customer) {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: `The provided PaymentMethod ${pmId} is not attached to customer ${customer}.`,
      });
    }
    const intentId = id('pi');
    const pi: FakePaymentIntent = {
      id: intentId,
      amount,
      currency: String(params.currency ?? 'usd'),
      customer,
      payment_method: pm.id,
      status: 'succeeded',
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      last_payment_error: null,
      off_session: params.off_session === 'true',
    };
    this.paymentIntents.set(intentId, pi);
    if (params.confirm !== 'true') {
      pi.status = 'requires_payment_method';
      return { status: 200, body: intentJson(pi) };
    }
    switch (pm.behaviour) {
      case 'succeeds':
        return { status: 200, body: intentJson(pi) };
      case 'authentication_required':
        if (!pi.off_session) {
          // The user is there: the payment waits for them to authenticate with Stripe.js.
          pi.status = 'requires_action';
          return { status: 200, body: intentJson(pi) };
        }
        return this.decline(pi, 'authentication_required', 'authentication_required');
      case 'declined':
        return this.decline(pi, 'card_declined', 'generic_decline');
      case 'insufficient_funds':
        return this.decline(pi, 'card_declined', 'insufficient_funds');
    }
  }

  /** A declined charge: 402 with the error, and the PaymentIntent left to a new card. */
  private decline(pi: FakePaymentIntent, code: string, declineCode: string) {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = cardError(code, declineCode, pi);
    return stripeError(402, { ...pi.last_payment_error, payment_intent: intentJson(pi) });
  }
}

const MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  payment_intent_authentication_failure:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
};

function cardError(code: string, declineCode: string | null, pi: FakePaymentIntent): Json {
  return {
    type: code === 'payment_intent_authentication_failure' ? 'invalid_request_error' : 'card_error',
    code,
    ...(declineCode ? { decline_code: declineCode } : {}),
    message:
      declineCode === 'insufficient_funds'
        ? 'Your card has insufficient funds.'
        : (MESSAGES[code] ?? 'Your card was declined.'),
    payment_method: { id: pi.payment_method, object: 'payment_method' },
  };
}

function intentJson(pi: FakePaymentIntent): Json {
  return {
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_received: pi.status === 'succeeded' ? pi.amount : 0,
    currency: pi.currency,
    customer: pi.customer,
    payment_method: pi.payment_method,
    status: pi.status,
    metadata: pi.metadata,
    created: pi.created,
    client_secret: pi.client_secret,
    livemode: false,
    last_payment_error: pi.last_payment_error,
    next_action:
      pi.status === 'requires_action'
        ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
        : null,
    latest_charge: pi.status === 'succeeded' ? `ch_${pi.id.slice(3)}` : null,
  };
}

function paymentMethodJson(pm: StoredPaymentMethod): Json {
  return {
    id: pm.id,
    object: 'payment_method',
    type: 'card',
    customer: pm.customer,
    card: {
      brand: pm.brand,
      last4: pm.last4,
      exp_month: pm.expMonth ?? 12,
      exp_year: pm.expYear ?? 2034,
      funding: 'credit',
    },
    livemode: false,
  };
}

function missing(what: string, kind?: string): { status: number; body: unknown } {
  return stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: kind ? `No such ${kind}: '${what}'` : `Unrecognized request URL (${what}).`,
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Json = {}): void {
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      ...(headers as Record<string, string>),
    })
    .end(JSON.stringify(body));
}

/** A webhook's body and Stripe-Signature header, signed as Stripe signs them. */
export function signedWebhook(
  event: Json,
  secret = FAKE_WEBHOOK_SECRET,
): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: signatureFor(payload, secret) };
}

/** A Stripe-Signature header for this very body, whatever it holds. */
export function signatureFor(payload: string, secret = FAKE_WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
