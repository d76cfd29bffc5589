import { randomBytes } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Stripe } from "stripe";

// A stand-in for Stripe's API at its HTTP boundary (docs/decisions/0022-billing.md): the real
// `stripe` SDK, pointed here by STRIPE_API_BASE, sends its form-encoded requests and gets the
// JSON objects Stripe would answer with, as far as Tendly reads them. Only what we call is here:
// customers, SetupIntents, payment methods, PaymentIntents, refunds and transfers. Like Stripe,
// it keeps the answer to an Idempotency-Key and replays it, and records an event for each state
// change that Stripe would send to a webhook; `webhookRequest` signs one the way Stripe does.
//
// Test payment methods (Stripe's own names for its test cards): `pm_card_visa` pays,
// `pm_card_chargeDeclined` is declined (saving it too), `pm_card_chargeCustomerFail` saves but its
// charges are declined, `pm_card_authenticationRequired` needs 3-D Secure every
// time (off-session it fails with `authentication_required`, on-session it asks for the
// challenge, which `/v1/payment_intents/:id/_fake_3ds` completes or fails, standing in for the
// bank's page). Using one (confirming a SetupIntent with it) makes a new `pm_…` of that card.

type Behaviour = "pays" | "declines" | "declines_charges" | "needs_3ds";
type TestCard = { brand: string; last4: string; behaviour: Behaviour };

export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242", behaviour: "pays" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", behaviour: "declines" },
  pm_card_chargeCustomerFail: { brand: "visa", last4: "0341", behaviour: "declines_charges" },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", behaviour: "needs_3ds" },
};

type Json = Record<string, unknown>;
type StripeObject = Json & { id: string; object: string };
type Answer = { status: number; body: Json };

class StripeAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body.error as Json | undefined)?.message ?? status));
  }
}

function stripeError(status: number, error: Json): StripeAnswer {
  return new StripeAnswer(status, { error });
}

const noSuch = (kind: string, id: string) =>
  stripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
  });

/** Parses Stripe's form encoding (`a[b]=1&expand[0]=x`) into nested objects. */
export function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return result;
}

function getOr404<T extends StripeObject>(map: Map<string, T>, kind: string, id: string): T {
  const found = map.get(id);
  if (!found) throw noSuch(kind, id);
  return found;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export type FakeStripe = {
  /** What STRIPE_API_BASE is set to. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Every request, in order (method, path, parsed body, idempotency key). */
  requests: { method: string; path: string; body: Json; idempotencyKey?: string }[];
  /** Events Stripe would send to the webhook endpoint, oldest first. */
  events: Stripe.Event[];
  lastEvent(type: string): Stripe.Event;
  paymentIntent(id: string): StripeObject;
  /** A connected account as Stripe holds it. */
  account(id: string): StripeObject;
  /** What a caregiver finishing Stripe's hosted onboarding does to their connected account. */
  finishOnboarding(accountId: string): StripeObject;
  /** Transfers made, oldest first. */
  transfers(): StripeObject[];
  /** A signed POST of `event` to `url`, as Stripe delivers it (the signature over the exact body). */
  webhookRequest(url: string, event: Stripe.Event, options?: { secret?: string; timestamp?: number }): Request;
  /** What Stripe.js does on-session: confirms a PaymentIntent, then the 3-D Secure challenge. */
  confirmOnSession(paymentIntentId: string, options?: { paymentMethod?: string }): Promise<StripeObject>;
  completeChallenge(paymentIntentId: string, result?: "succeed" | "fail"): Promise<StripeObject>;
  /** What Stripe.js does with the card form: confirms a SetupIntent with a test card. */
  confirmSetup(setupIntentId: string, testCard: keyof typeof TEST_CARDS): Promise<StripeObject>;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const publishableKey = `pk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(24).toString("hex")}`;
  const signer = new Stripe(secretKey);

  const customers = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject & { behaviour: Behaviour }>();
  const paymentIntents = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const transfers = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  /** Account links: the hosted onboarding page's token, its account and where it sends the person back. */
  const accountLinks = new Map<string, { account: string; returnUrl: string; refreshUrl: string }>();
  const idempotent = new Map<string, Answer>();
  const requests: FakeStripe["requests"] = [];
  const events: Stripe.Event[] = [];

  const publicPaymentMethod = (pm: StripeObject & { behaviour: Behaviour }): StripeObject => {
    const { behaviour: _behaviour, ...rest } = pm;
    return rest;
  };

  const emit = (type: string, object: Json) => {
    events.push({
      id: newId("evt"),
      object: "event",
      api_version: null,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event);
  };

  const paymentMethodFrom = (id: unknown, customer?: unknown) => {
    if (typeof id !== "string")
      throw stripeError(400, { type: "invalid_request_error", message: "Missing payment_method" });
    const template = TEST_CARDS[id];
    if (template) {
      // A test card's name makes a new payment method of that card, as Stripe does.
      const pm = {
        id: newId("pm"),
        object: "payment_method",
        type: "card",
        created: now(),
        customer: typeof customer === "string" ? customer : null,
        card: { brand: template.brand, last4: template.last4, exp_month: 12, exp_year: new Date().getFullYear() + 3 },
        behaviour: template.behaviour,
      };
      paymentMethods.set(pm.id, pm);
      return pm;
    }
    const pm = paymentMethods.get(id);
    if (!pm) throw noSuch("PaymentMethod", id);
    return pm;
  };

  const declineError = (pi: StripeObject, behaviour: Behaviour): StripeAnswer => {
    const isAuthentication = behaviour === "needs_3ds";
    const lastError = {
      type: "card_error",
      code: isAuthentication ? "authentication_required" : "card_declined",
      decline_code: isAuthentication ? "authentication_required" : "generic_decline",
      message: isAuthentication
        ? "Your card was declined. This transaction requires authentication."
        : "Your card was declined.",
      payment_method: paymentMethods.get(String(pi.payment_method)) ?? null,
    };
    Object.assign(pi, { status: "requires_payment_method", last_payment_error: lastError });
    emit("payment_intent.payment_failed", pi);
    return stripeError(402, { ...lastError, payment_intent: structuredClone(pi) });
  };

  const succeed = (pi: StripeObject) => {
    const charge: StripeObject = {
      id: newId("ch"),
      object: "charge",
      amount: pi.amount,
      amount_refunded: 0,
      refunded: false,
      currency: pi.currency,
      customer: pi.customer,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      paid: true,
      status: "succeeded",
      created: now(),
    };
    charges.set(charge.id, charge);
    Object.assign(pi, {
      status: "succeeded",
      amount_received: pi.amount,
      latest_charge: charge.id,
      last_payment_error: null,
      next_action: null,
    });
    emit("payment_intent.succeeded", pi);
  };

  /** Confirms `pi` with its payment method, off-session (a saved card) or on-session (Stripe.js). */
  const confirm = (pi: StripeObject, offSession: boolean) => {
    const pm = paymentMethodFrom(pi.payment_method, pi.customer);
    pi.payment_method = pm.id;
    if (pm.behaviour === "declines" || pm.behaviour === "declines_charges") throw declineError(pi, pm.behaviour);
    if (pm.behaviour === "needs_3ds") {
      // Off-session nobody can answer the bank's challenge: Stripe fails the payment.
      if (offSession) throw declineError(pi, pm.behaviour);
      Object.assign(pi, {
        status: "requires_action",
        next_action: { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } },
      });
      return;
    }
    succeed(pi);
  };

  const handlers: {
    method: string;
    pattern: RegExp;
    run: (match: string[], body: Json, query: URLSearchParams) => Json;
  }[] = [
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      run: (_m, body) => {
        const customer = {
          id: newId("cus"),
          object: "customer",
          created: now(),
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id, customer);
        return customer;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: ([id]) => getOr404(customers, "customer", id!),
    },
    {
      method: "POST",
      pattern: /^\/v1\/setup_intents$/,
      run: (_m, body) => {
        if (typeof body.customer === "string") getOr404(customers, "customer", body.customer);
        const id = newId("seti");
        const intent = {
          id,
          object: "setup_intent",
          created: now(),
          client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
          customer: body.customer ?? null,
          metadata: body.metadata ?? {},
          payment_method: null,
          allowed_payment_method_types: Object.values((body.allowed_payment_method_types as Json | undefined) ?? {}),
          payment_method_types: ["card"],
          status: "requires_payment_method",
          usage: body.usage ?? "off_session",
          last_setup_error: null,
        };
        setupIntents.set(id, intent);
        return intent;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      run: ([id]) => getOr404(setupIntents, "setup_intent", id!),
    },
    {
      method: "POST",
      pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
      run: ([id], body) => {
        const intent = getOr404(setupIntents, "setup_intent", id!);
        const pm = paymentMethodFrom(body.payment_method, intent.customer);
        if (pm.behaviour === "declines") {
          const error = { type: "card_error", code: "card_declined", message: "Your card was declined." };
          intent.last_setup_error = error;
          throw stripeError(402, { ...error, setup_intent: intent });
        }
        // A saved card is authenticated when it is saved (a 3-D Secure card's challenge passes here).
        pm.customer = intent.customer;
        Object.assign(intent, { status: "succeeded", payment_method: pm.id, last_setup_error: null });
        emit("setup_intent.succeeded", intent);
        return intent;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      run: ([id]) => publicPaymentMethod(getOr404(paymentMethods, "PaymentMethod", id!)),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      run: ([id], body) => {
        const pm = getOr404(paymentMethods, "PaymentMethod", id!);
        pm.customer = getOr404(customers, "customer", String(body.customer)).id;
        return publicPaymentMethod(pm);
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents$/,
      run: (_m, body) => {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 50)
          throw stripeError(400, {
            type: "invalid_request_error",
            code: "amount_too_small",
            message: "Amount must be at least $0.50 usd",
          });
        if (typeof body.customer === "string") getOr404(customers, "customer", body.customer);
        const id = newId("pi");
        const pi: StripeObject = {
          id,
          object: "payment_intent",
          created: now(),
          amount,
          amount_received: 0,
          currency: body.currency,
          customer: body.customer ?? null,
          description: body.description ?? null,
          metadata: body.metadata ?? {},
          payment_method: body.payment_method ?? null,
          client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
          status: body.payment_method ? "requires_confirmation" : "requires_payment_method",
          last_payment_error: null,
          latest_charge: null,
          next_action: null,
          setup_future_usage: null,
        };
        paymentIntents.set(id, pi);
        if (body.confirm === "true") confirm(pi, body.off_session === "true");
        return pi;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      run: ([id]) => getOr404(paymentIntents, "payment_intent", id!),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      run: ([id], body) => {
        const pi = getOr404(paymentIntents, "payment_intent", id!);
        if (!["requires_payment_method", "requires_confirmation"].includes(String(pi.status)))
          throw stripeError(400, {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: `This PaymentIntent's status is ${String(pi.status)}.`,
          });
        if (body.payment_method) pi.payment_method = body.payment_method;
        confirm(pi, body.off_session === "true");
        return pi;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/_fake_3ds$/,
      run: ([id], body) => {
        const pi = getOr404(paymentIntents, "payment_intent", id!);
        if (pi.status !== "requires_action")
          throw stripeError(400, { type: "invalid_request_error", message: "No challenge is pending." });
        if (body.result === "fail") {
          const lastError = {
            type: "card_error",
            code: "payment_intent_authentication_failure",
            message: "We are unable to authenticate your payment method.",
          };
          Object.assign(pi, { status: "requires_payment_method", next_action: null, last_payment_error: lastError });
          emit("payment_intent.payment_failed", pi);
        } else succeed(pi);
        return pi;
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      run: (_m, body) => {
        const pi = typeof body.payment_intent === "string" ? paymentIntents.get(body.payment_intent) : undefined;
        const chargeId = typeof body.charge === "string" ? body.charge : pi?.latest_charge;
        const charge = typeof chargeId === "string" ? charges.get(chargeId) : undefined;
        if (!charge) throw stripeError(400, { type: "invalid_request_error", message: "No charge to refund." });
        const left = Number(charge.amount) - Number(charge.amount_refunded);
        const amount = body.amount === undefined ? left : Number(body.amount);
        if (!Number.isInteger(amount) || amount <= 0 || amount > left)
          throw stripeError(400, {
            type: "invalid_request_error",
            code: "amount_too_large",
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          });
        const refund = {
          id: newId("re"),
          object: "refund",
          amount,
          currency: charge.currency,
          charge: charge.id,
          payment_intent: charge.payment_intent,
          metadata: body.metadata ?? {},
          reason: body.reason ?? null,
          status: "succeeded",
          created: now(),
        };
        refunds.set(refund.id, refund);
        Object.assign(charge, {
          amount_refunded: Number(charge.amount_refunded) + amount,
          refunded: Number(charge.amount_refunded) + amount === Number(charge.amount),
        });
        emit("charge.refunded", charge);
        return refund;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds$/,
      run: (_m, _body, query) => {
        const charge = query.get("charge");
        const paymentIntent = query.get("payment_intent");
        const data = [...refunds.values()]
          .filter(
            (refund) =>
              (!charge || refund.charge === charge) && (!paymentIntent || refund.payment_intent === paymentIntent),
          )
          .toReversed();
        return { object: "list", data, has_more: false, url: "/v1/refunds" };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/accounts$/,
      run: (_m, body) => {
        const account = {
          id: newId("acct"),
          object: "account",
          type: body.type ?? "express",
          country: body.country ?? "US",
          email: body.email ?? null,
          business_type: body.business_type ?? null,
          metadata: body.metadata ?? {},
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          capabilities: { transfers: "inactive" },
          created: now(),
        };
        accounts.set(account.id, account);
        return account;
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/accounts\/([^/]+)$/,
      run: ([id]) => getOr404(accounts, "account", id!),
    },
    {
      method: "POST",
      pattern: /^\/v1\/account_links$/,
      run: (_m, body) => {
        const account = getOr404(accounts, "account", String(body.account));
        if (
          body.type !== "account_onboarding" ||
          typeof body.return_url !== "string" ||
          typeof body.refresh_url !== "string"
        )
          throw stripeError(400, {
            type: "invalid_request_error",
            message: "Missing return_url, refresh_url or type.",
          });
        const token = randomBytes(16).toString("hex");
        accountLinks.set(token, {
          account: String(account.id),
          returnUrl: body.return_url,
          refreshUrl: body.refresh_url,
        });
        return {
          object: "account_link",
          created: now(),
          expires_at: now() + 300,
          url: `${url}/setup/e/${token}`,
        };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/transfers$/,
      run: (_m, body) => {
        if (typeof body.destination !== "string" || !body.destination.startsWith("acct_"))
          throw stripeError(400, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such destination: '${String(body.destination)}'`,
          });
        const destination = accounts.get(body.destination);
        if (destination && (destination.capabilities as Json).transfers !== "active")
          throw stripeError(400, {
            type: "invalid_request_error",
            code: "insufficient_capabilities_for_transfer",
            message:
              "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
          });
        const transfer = {
          id: newId("tr"),
          object: "transfer",
          amount: Number(body.amount),
          currency: body.currency,
          destination: body.destination,
          metadata: body.metadata ?? {},
          transfer_group: body.transfer_group ?? null,
          reversed: false,
          created: now(),
        };
        transfers.set(transfer.id, transfer);
        return transfer;
      },
    },
  ];

  // Stripe.js calls these with the publishable key (and the intent's client secret).
  const PUBLISHABLE_PATHS = [/\/confirm$/, /\/_fake_3ds$/, /^\/v1\/(payment_intents|setup_intents)\/[^/]+$/];

  const answer = (method: string, path: string, headers: http.IncomingHttpHeaders, raw: string): Answer => {
    const [pathname, search = ""] = path.split("?") as [string, string?];
    const query = new URLSearchParams(search);
    const body = method === "GET" ? Object.fromEntries(query) : parseStripeForm(raw);
    const key = headers["idempotency-key"] as string | undefined;
    requests.push({ method, path: pathname, body, ...(key ? { idempotencyKey: key } : {}) });
    // Stripe.js sends its publishable key in the form (`key`), which keeps its calls simple CORS requests.
    const bearer = String(headers.authorization ?? "").replace(/^Bearer /, "") || String(body.key ?? "");
    const isPublishable = bearer === publishableKey && PUBLISHABLE_PATHS.some((pattern) => pattern.test(pathname));
    if (bearer !== secretKey && !isPublishable)
      return {
        status: 401,
        body: {
          error: { type: "invalid_request_error", message: `Invalid API Key provided: ${bearer.slice(0, 8)}***` },
        },
      };
    if (isPublishable) {
      // The publishable key alone opens nothing: the client secret must name the intent.
      const secret = String(body.client_secret ?? query.get("client_secret") ?? "");
      if (!secret.startsWith(`${pathname.split("/")[3]}_secret_`))
        return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid client secret." } } };
    }
    if (key && method === "POST") {
      const seen = idempotent.get(`${pathname} ${key}`);
      if (seen) return seen;
    }
    let result: Answer;
    const handler = handlers.find((h) => h.method === method && h.pattern.test(pathname));
    if (!handler) {
      result = {
        status: 404,
        body: {
          error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${pathname}).` },
        },
      };
    } else {
      try {
        result = {
          status: 200,
          body: structuredClone(handler.run(pathname.match(handler.pattern)!.slice(1), body, query)),
        };
      } catch (error) {
        if (!(error instanceof StripeAnswer)) throw error;
        result = { status: error.status, body: structuredClone(error.body) };
      }
    }
    if (key && method === "POST") idempotent.set(`${pathname} ${key}`, result);
    return result;
  };

  /** Marks a connected account's onboarding finished, as Stripe does when the person completes it. */
  const finishOnboarding = (accountId: string) => {
    const account = getOr404(accounts, "account", accountId);
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { transfers: "active" },
    });
    emit("account.updated", account);
    return account;
  };

  /**
   * Stripe's hosted onboarding, reduced to its outcome: a page with "Finish onboarding" and "Leave
   * for now", which send the person back to the platform's return URL; an unknown or used link
   * goes to its refresh URL, as an expired one does at Stripe.
   */
  const hostedOnboarding = (token: string, method: string, raw: string, res: http.ServerResponse) => {
    const link = accountLinks.get(token);
    if (!link) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("This link has expired.");
      return;
    }
    if (method === "POST") {
      accountLinks.delete(token);
      if (new URLSearchParams(raw).get("choice") === "finish") finishOnboarding(link.account);
      res.writeHead(303, { Location: link.returnUrl }).end();
      return;
    }
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html lang="en"><head><title>Stripe Express test onboarding</title></head><body><main>` +
          `<h1>Stripe Express test onboarding</h1><p>Account ${link.account}</p>` +
          `<form method="post"><button name="choice" value="finish">Finish onboarding</button> ` +
          `<button name="choice" value="leave">Leave for now</button></form></main></body></html>`,
      );
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const onboarding = /^\/setup\/e\/([0-9a-f]+)$/.exec(req.url ?? "");
      if (onboarding) {
        hostedOnboarding(onboarding[1]!, req.method ?? "GET", raw, res);
        return;
      }
      const headers = { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" };
      if (req.method === "OPTIONS") {
        res.writeHead(204, { ...headers, "Access-Control-Allow-Headers": "authorization, content-type" }).end();
        return;
      }
      try {
        const { status, body } = answer(req.method ?? "GET", req.url ?? "/", req.headers, raw);
        res.writeHead(status, { ...headers, "Request-Id": newId("req") }).end(JSON.stringify(body));
      } catch (error) {
        res.writeHead(500, headers).end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const browserCall = async (path: string, clientSecret: string, fields: Record<string, string>) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${publishableKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, client_secret: clientSecret }),
    });
    const body = (await response.json()) as Json;
    if (!response.ok) throw new Error(`Stripe.js call failed: ${JSON.stringify(body)}`);
    return body as StripeObject;
  };

  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    requests,
    events,
    lastEvent(type) {
      const event = events.findLast((candidate) => candidate.type === type);
      if (!event) throw new Error(`No ${type} event was sent.`);
      return event;
    },
    paymentIntent: (id) => getOr404(paymentIntents, "payment_intent", id),
    account: (id) => getOr404(accounts, "account", id),
    finishOnboarding: (id) => structuredClone(finishOnboarding(id)),
    transfers: () => [...transfers.values()].map((transfer) => structuredClone(transfer)),
    webhookRequest(target, event, options = {}) {
      const payload = JSON.stringify(event, null, 2);
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
      return new Request(target, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
        body: payload,
      });
    },
    confirmOnSession(paymentIntentId, options = {}) {
      const pi = getOr404(paymentIntents, "payment_intent", paymentIntentId);
      return browserCall(`/v1/payment_intents/${paymentIntentId}/confirm`, String(pi.client_secret), {
        payment_method: options.paymentMethod ?? String(pi.payment_method),
      });
    },
    completeChallenge(paymentIntentId, result = "succeed") {
      const pi = getOr404(paymentIntents, "payment_intent", paymentIntentId);
      return browserCall(`/v1/payment_intents/${paymentIntentId}/_fake_3ds`, String(pi.client_secret), { result });
    },
    confirmSetup(setupIntentId, testCard) {
      const intent = getOr404(setupIntents, "setup_intent", setupIntentId);
      return browserCall(`/v1/setup_intents/${setupIntentId}/confirm`, String(intent.client_secret), {
        payment_method: String(testCard),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
