import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Stripe API for tests (the network edge): the few endpoints the Stripe provider uses,
 * answered the way Stripe answers them, with Stripe's idempotency-key replay. Point the official
 * client at it with STRIPE_API_BASE (or `apiBase`).
 */
// Stripe objects are loosely typed JSON here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StripeObject = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  /** The Stripe-Account header: the connected account the request acts on. */
  stripeAccount: string | null;
  params: StripeObject;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, StripeObject>;
  coupons: Map<string, StripeObject>;
  refunds: StripeObject[];
  paymentIntents: Map<string, StripeObject>;
  /** Payouts made on connected accounts (each with its `account`). */
  payouts: Map<string, StripeObject>;
  /** Connect accounts (POST /v1/accounts, or `addAccount`). */
  accounts: Map<string, StripeObject>;
  /**
   * The application fees of destination charges (each charge's, with `amount_refunded`: given back
   * by refunds with `refund_application_fee`, in proportion, or by fee refunds of their own).
   */
  applicationFees: Map<string, StripeObject>;
  /** Transfers from the platform's balance to connected accounts, with their `reversals`. */
  transfers: Map<string, StripeObject>;
  /** Account links made (POST /v1/account_links), oldest first. */
  accountLinks: StripeObject[];
  requests: RecordedRequest[];
  /**
   * A Connect Express account as onboarding leaves it (charges and payouts enabled, nothing
   * due), or with `fields` changed: a connected account for tests to sell through.
   */
  addAccount(fields?: StripeObject): StripeObject;
  /**
   * Marks a session paid (as when the guest pays on Stripe's page) with a Visa card (last 4
   * `last4`, default 4242; a card ending 0002 declines later charges), attached to a new
   * Customer when the session asked to create one.
   */
  complete(sessionId: string, options?: { paymentStatus?: "paid" | "unpaid"; last4?: string }): StripeObject;
  expire(sessionId: string): StripeObject;
  /**
   * Ends a payout as the bank would (paid, or failed with Stripe's `failure_code`): the payout
   * object a payout.paid / payout.failed event carries.
   */
  settlePayout(payoutId: string, outcome: "paid" | "failed", failureCode?: string): StripeObject;
  /** Refuse the next payouts with this error code (as for a connected account whose balance is too low); null: accept them. */
  refusePayouts(code: string | null): void;
  /** Answer every request with 500 (or stop doing so). */
  failAll(on: boolean): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** What Stripe asks of a new Express account before it can take charges. */
const NEW_ACCOUNT_DUE = ["business_type", "external_account", "tos_acceptance.date", "tos_acceptance.ip"];

function connectAccount(fields: StripeObject = {}): StripeObject {
  const { requirements, ...rest } = fields;
  return {
    id: id("acct"),
    object: "account",
    type: "express",
    country: "US",
    email: null,
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    capabilities: { card_payments: "active", transfers: "active" },
    settings: { payouts: { schedule: { interval: "manual" } } },
    metadata: {},
    ...rest,
    requirements: { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null, ...requirements },
  };
}

/** Decodes Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function decodeForm(body: string): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: StripeObject = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[index + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

/** A PaymentIntent's destination-charge fields, from the parameters that made it (none: a platform charge). */
function destinationOf(params: StripeObject): StripeObject {
  if (!params.transfer_data) return {};
  return {
    transfer_data: { destination: params.transfer_data.destination },
    application_fee_amount: params.application_fee_amount === undefined ? null : Number(params.application_fee_amount),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, StripeObject>();
  const coupons = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const paymentIntents = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const accountLinks: StripeObject[] = [];
  /** A destination charge's refusal, as Stripe's: its account must exist and take charges; the fee at most the amount. */
  const destinationError = (transferData: StripeObject | undefined, fee: unknown, amount: number) => {
    if (transferData === undefined)
      return fee === undefined ? null : error(400, "An application fee needs transfer_data.");
    const account = accounts.get(transferData.destination);
    // (A test's connected account: fake.addAccount({ id }), or connectOnStripe in ./payout-accounts.ts.)
    if (!account) return error(400, `No such destination: '${transferData.destination}'`);
    if (!account.charges_enabled) return error(400, "The destination account cannot take charges yet.");
    if (fee !== undefined && !(Number(fee) >= 0 && Number(fee) <= amount))
      return error(400, "The application fee must be between 0 and the amount.");
    return null;
  };
  const charges = new Map<string, StripeObject>();
  const applicationFees = new Map<string, StripeObject>();
  /** A PaymentIntent paid: its charge, with the application fee a destination charge keeps. */
  const intent = (fields: StripeObject) => {
    const created: StripeObject = {
      id: id("pi"),
      object: "payment_intent",
      status: "succeeded",
      amount_received: fields.amount,
      ...fields,
    };
    const charge: StripeObject = { id: id("ch"), object: "charge", amount: fields.amount, payment_intent: created.id };
    if (fields.transfer_data && fields.application_fee_amount != null) {
      const fee = {
        id: id("fee"),
        object: "application_fee",
        amount: fields.application_fee_amount,
        amount_refunded: 0,
        refunds: [] as StripeObject[],
        charge: charge.id,
        account: fields.transfer_data.destination,
      };
      applicationFees.set(fee.id, fee);
      charge.application_fee = fee.id;
    } else charge.application_fee = null;
    charges.set(charge.id, charge);
    created.latest_charge = charge.id;
    paymentIntents.set(created.id, created);
    return created;
  };
  const transfers = new Map<string, StripeObject>();
  const list = (url: string, data: StripeObject[]) => ({
    status: 200,
    body: { object: "list", url, has_more: false, data },
  });
  const feeOfIntent = (paid: StripeObject) => {
    const charge = charges.get(paid.latest_charge);
    return charge?.application_fee ? applicationFees.get(charge.application_fee) : undefined;
  };
  const payouts = new Map<string, StripeObject>();
  let payoutRefusal: string | null = null;
  const requests: RecordedRequest[] = [];
  const replays = new Map<string, { status: number; body: StripeObject }>();
  let failing = false;

  const error = (status: number, message: string) => ({
    status,
    body: { error: { type: "invalid_request_error", message } },
  });

  function handle(
    method: string,
    path: string,
    params: StripeObject,
    stripeAccount: string | null,
  ): { status: number; body: StripeObject } {
    if (method === "POST" && path === "/v1/payouts") {
      // The platform's own balance is never paid out here: a payout names its connected account.
      if (!stripeAccount) return error(400, "This fake only pays out connected accounts (Stripe-Account header).");
      if (payoutRefusal) {
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", code: payoutRefusal, message: "Payout refused." } },
        };
      }
      const arrival = new Date();
      arrival.setUTCHours(0, 0, 0, 0);
      const payout = {
        id: id("po"),
        object: "payout",
        amount: Number(params.amount),
        currency: params.currency,
        status: "pending",
        arrival_date: arrival.getTime() / 1000 + 2 * 86_400,
        failure_code: null,
        failure_message: null,
        metadata: params.metadata ?? {},
        account: stripeAccount,
      };
      payouts.set(payout.id, payout);
      return { status: 200, body: payout };
    }
    if (method === "POST" && path === "/v1/coupons") {
      const coupon = {
        id: id("coupon"),
        object: "coupon",
        amount_off: Number(params.amount_off),
        currency: params.currency,
        duration: params.duration,
        name: params.name,
      };
      coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const lineItems: StripeObject[] = params.line_items ?? [];
      const subtotal = lineItems.reduce(
        (sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity),
        0,
      );
      const discount = (params.discounts ?? []).reduce(
        (sum: number, entry: StripeObject) => sum + (coupons.get(entry.coupon)?.amount_off ?? 0),
        0,
      );
      const refused = destinationError(
        params.payment_intent_data?.transfer_data,
        params.payment_intent_data?.application_fee_amount,
        subtotal - discount,
      );
      if (refused) return refused;
      const sessionId = id("cs_test");
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: params.mode,
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        customer_email: params.customer_email ?? null,
        currency: lineItems[0]?.price_data.currency ?? null,
        amount_subtotal: subtotal,
        amount_total: subtotal - discount,
        expires_at: Number(params.expires_at),
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        payment_intent: null,
        line_items_params: lineItems,
        discounts_params: params.discounts ?? [],
        payment_intent_data_params: params.payment_intent_data ?? {},
        customer_creation: params.customer_creation ?? null,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]));
      return session ? { status: 200, body: session } : error(404, `No such checkout.session: '${retrieve[1]}'`);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === "POST" && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]));
      if (!session) return error(404, `No such checkout.session: '${expire[1]}'`);
      if (session.status !== "open")
        return error(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      session.status = "expired";
      return { status: 200, body: session };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && intentPath) {
      const found = paymentIntents.get(decodeURIComponent(intentPath[1]));
      if (!found) return error(404, `No such payment_intent: '${intentPath[1]}'`);
      const expand: string[] = params.expand ?? [];
      return {
        status: 200,
        body: expand.includes("payment_method")
          ? { ...found, payment_method: paymentMethods.get(found.payment_method) ?? null }
          : found,
      };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const card = paymentMethods.get(params.payment_method);
      if (!card || card.customer !== params.customer) return error(400, "No such PaymentMethod for this customer.");
      if (card.card.last4 === "0002") {
        return {
          status: 402,
          body: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } },
        };
      }
      const refused = destinationError(params.transfer_data, params.application_fee_amount, Number(params.amount));
      if (refused) return refused;
      const created = intent({
        amount: Number(params.amount),
        currency: params.currency,
        customer: params.customer,
        payment_method: params.payment_method,
        off_session: params.off_session,
        confirm: params.confirm,
        metadata: params.metadata ?? {},
        ...destinationOf(params),
      });
      return { status: 200, body: created };
    }
    if (method === "GET" && path === "/v1/refunds") {
      const data = refunds.filter(
        (refund) => !params.payment_intent || refund.payment_intent === params.payment_intent,
      );
      return { status: 200, body: { object: "list", url: "/v1/refunds", has_more: false, data } };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paid = paymentIntents.get(params.payment_intent);
      if (!paid) return error(400, `No such payment_intent: '${params.payment_intent}'`);
      // Stripe refuses to reverse a transfer a charge never made.
      if ((params.reverse_transfer === "true" || params.refund_application_fee === "true") && !paid.transfer_data)
        return error(400, "This charge has no transfer to reverse and no application fee to refund.");
      const refund = {
        id: id("re"),
        object: "refund",
        amount: Number(params.amount),
        payment_intent: params.payment_intent,
        status: "succeeded",
        reverse_transfer: params.reverse_transfer === "true",
        refund_application_fee: params.refund_application_fee === "true",
      };
      // Stripe gives back the application fee in proportion to the amount refunded.
      const fee = feeOfIntent(paid);
      if (fee && refund.refund_application_fee)
        fee.amount_refunded = Math.min(
          fee.amount,
          fee.amount_refunded + Math.round((fee.amount * refund.amount) / paid.amount),
        );
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const chargePath = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (method === "GET" && chargePath) {
      const charge = charges.get(decodeURIComponent(chargePath[1]));
      return charge ? { status: 200, body: charge } : error(404, `No such charge: '${chargePath[1]}'`);
    }
    const feePath = /^\/v1\/application_fees\/([^/]+)(\/refunds)?$/.exec(path);
    if (feePath) {
      const fee = applicationFees.get(decodeURIComponent(feePath[1]));
      if (!fee) return error(404, `No such application fee: '${feePath[1]}'`);
      if (method === "GET" && !feePath[2]) return { status: 200, body: fee };
      if (method === "GET") return list(path, fee.refunds);
      if (method === "POST") {
        const amount = params.amount === undefined ? fee.amount - fee.amount_refunded : Number(params.amount);
        if (!(amount > 0 && amount <= fee.amount - fee.amount_refunded))
          return error(400, "Refund amount is greater than the unrefunded amount on the application fee.");
        fee.amount_refunded += amount;
        const made = { id: id("fr"), object: "fee_refund", amount, fee: fee.id, metadata: params.metadata ?? {} };
        fee.refunds.push(made);
        return { status: 200, body: made };
      }
    }
    if (method === "POST" && path === "/v1/transfers") {
      const account = accounts.get(params.destination);
      if (!account) return error(400, `No such destination: '${params.destination}'`);
      const transfer = {
        id: id("tr"),
        object: "transfer",
        amount: Number(params.amount),
        amount_reversed: 0,
        currency: params.currency,
        destination: params.destination,
        transfer_group: params.transfer_group ?? null,
        metadata: params.metadata ?? {},
        reversals: [] as StripeObject[],
      };
      if (!(transfer.amount > 0)) return error(400, "Invalid positive integer");
      transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    const transferPath = /^\/v1\/transfers\/([^/]+)(\/reversals)?$/.exec(path);
    if (transferPath) {
      const transfer = transfers.get(decodeURIComponent(transferPath[1]));
      if (!transfer) return error(404, `No such transfer: '${transferPath[1]}'`);
      if (method === "GET" && !transferPath[2]) return { status: 200, body: transfer };
      if (method === "GET") return list(path, transfer.reversals);
      if (method === "POST") {
        const amount = params.amount === undefined ? transfer.amount - transfer.amount_reversed : Number(params.amount);
        if (!(amount > 0 && amount <= transfer.amount - transfer.amount_reversed))
          return error(400, "The reversal amount is more than what is left of the transfer.");
        transfer.amount_reversed += amount;
        const reversal = {
          id: id("trr"),
          object: "transfer_reversal",
          amount,
          transfer: transfer.id,
          metadata: params.metadata ?? {},
        };
        transfer.reversals.push(reversal);
        return { status: 200, body: reversal };
      }
    }
    if (method === "POST" && path === "/v1/accounts") {
      const account = connectAccount({
        type: params.type,
        country: params.country ?? "US",
        email: params.email ?? null,
        business_profile: params.business_profile ?? {},
        capabilities: { card_payments: "inactive", transfers: "inactive" },
        capabilities_params: params.capabilities,
        settings: params.settings,
        metadata: params.metadata ?? {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: { currently_due: NEW_ACCOUNT_DUE, disabled_reason: "requirements.past_due" },
      });
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === "GET" && accountPath) {
      const found = accounts.get(decodeURIComponent(accountPath[1]));
      return found ? { status: 200, body: found } : error(404, `No such account: '${accountPath[1]}'`);
    }
    if (method === "POST" && path === "/v1/account_links") {
      if (!accounts.has(params.account)) return error(400, `No such account: '${params.account}'`);
      if (params.type !== "account_onboarding" || !params.return_url || !params.refresh_url)
        return error(400, "An onboarding link needs type account_onboarding, return_url and refresh_url.");
      const link = {
        object: "account_link",
        url: `https://connect.stripe.test/setup/e/${params.account}/${randomBytes(8).toString("hex")}`,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        account: params.account,
        return_url: params.return_url,
        refresh_url: params.refresh_url,
      };
      accountLinks.push(link);
      return { status: 200, body: link };
    }
    return error(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const raw = await readBody(request);
    const params = request.method === "GET" ? decodeForm(url.search.slice(1)) : decodeForm(raw);
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    const stripeAccount = (request.headers["stripe-account"] as string | undefined) ?? null;
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      idempotencyKey,
      authorization: (request.headers.authorization as string) ?? null,
      stripeAccount,
      params,
    });
    let answer: { status: number; body: StripeObject };
    if (failing) answer = { status: 500, body: { error: { type: "api_error", message: "fake outage" } } };
    else if (idempotencyKey && replays.has(idempotencyKey)) answer = replays.get(idempotencyKey)!;
    else {
      answer = handle(request.method ?? "GET", url.pathname, params, stripeAccount);
      if (idempotencyKey && answer.status < 500) replays.set(idempotencyKey, answer);
    }
    response.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": id("req") });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    coupons,
    refunds,
    paymentIntents,
    applicationFees,
    transfers,
    payouts,
    accounts,
    accountLinks,
    requests,
    addAccount(fields = {}) {
      const account = connectAccount(fields);
      accounts.set(account.id, account);
      return account;
    },
    complete(sessionId, options = {}) {
      const session = sessions.get(sessionId)!;
      session.status = "complete";
      session.payment_status = options.paymentStatus ?? "paid";
      const customer = session.customer_creation === "always" ? id("cus") : null;
      const card = {
        id: id("pm"),
        object: "payment_method",
        type: "card",
        customer,
        card: { brand: "visa", last4: options.last4 ?? "4242", exp_month: 12, exp_year: 2034 },
      };
      paymentMethods.set(card.id, card);
      session.customer = customer;
      session.payment_intent = intent({
        amount: session.amount_total,
        currency: session.currency,
        customer,
        payment_method: card.id,
        ...destinationOf(session.payment_intent_data_params),
      }).id;
      return session;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId)!;
      session.status = "expired";
      return session;
    },
    settlePayout(payoutId, outcome, failureCode = "account_closed") {
      const payout = payouts.get(payoutId)!;
      payout.status = outcome;
      if (outcome === "failed") {
        payout.failure_code = failureCode;
        payout.failure_message = "The bank account has been closed.";
      }
      return payout;
    },
    refusePayouts(code) {
      payoutRefusal = code;
    },
    failAll(on) {
      failing = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
