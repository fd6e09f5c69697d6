/**
 * How an OCTO endpoint is served from its declaration (contract/octo/endpoints.ts): the reseller's
 * key checked and counted (per-key rate limit), the path's params, the query and the JSON body parsed with the
 * declaration's zod schemas (BAD_REQUEST otherwise), the handler's answer sent as is. Every failure
 * is an OCTO error (api/octo/errors.ts); nothing a reseller sends is a 500.
 */
import type { ResellerTerms } from "../resellers/commission";
import { resellerTerms } from "../resellers/net-rates";
import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { trackError } from "~runtime/error-tracking.mjs";
import { OCTO_CAPABILITIES, OCTO_CAPABILITIES_HEADER, type OctoEndpoint } from "~contract/octo/endpoints";
import type { Db } from "../db/client";
import { getDb } from "../db/client";
import type { AccountRow, ResellerRow } from "../db/schema";
import { clientIp } from "../http/client-info";
import { ApiError } from "../http/errors";
import type { AppEnv } from "../http/types";
import { errorFields, logger } from "../logger";
import { enforceRateLimits } from "../rate-limit/service";
import { resellerByKey } from "../resellers/keys";
import {
  badRequest,
  forbidden,
  OctoError,
  tooManyRequests,
  unauthorizedKey,
  unavailable,
  unprocessable,
} from "./errors";

/** Calls one key may make: 600 a minute (a reseller's availability sweep), then 429 with Retry-After. */
export const OCTO_KEY_LIMIT = { limit: 600, windowSeconds: 60 };
/** The largest request body an OCTO call takes. */
const MAX_OCTO_BODY_BYTES = 64 * 1024;

/** Who calls, with what: the reseller and its operator, the database, the capabilities asked for. */
export interface OctoCaller {
  db: Db;
  reseller: ResellerRow;
  account: AccountRow;
  /** `octo/pricing` asked for (Octo-Capabilities). */
  pricing: boolean;
  /** The optional capabilities asked for (Octo-Capabilities) that this supplier offers. */
  capabilities: string[];
  /** This API's own address (…/octo), as the reseller reached it. */
  endpoint: string;
  /** The caller's address, as the audit log keeps it. */
  clientAddress: string;
  /** The reseller's terms (commission, net rates), read once a call when first asked for. */
  terms: () => Promise<ResellerTerms>;
}

type Input<E extends OctoEndpoint> = {
  params: E["params"] extends z.ZodTypeAny ? z.output<E["params"]> : undefined;
  query: E["query"] extends z.ZodTypeAny ? z.output<E["query"]> : undefined;
  body: E["body"] extends z.ZodTypeAny ? z.output<E["body"]> : undefined;
};

type OctoHandler<E extends OctoEndpoint> = (caller: OctoCaller, input: Input<E>) => Promise<z.input<E["output"]>>;

/**
 * A refusal of the booking machinery the OCTO calls share with the storefront (sold out, sales
 * closed, the operator suspended…) in OCTO's words: its message, as UNPROCESSABLE_ENTITY (a
 * malformed value: BAD_REQUEST; a refusal of the supplier: FORBIDDEN).
 */
function octoRefusal(error: ApiError): OctoError {
  if (error.status === 400) return badRequest(error.message);
  if (error.status === 401 || error.status === 403) return forbidden(error.message);
  return unprocessable(error.message);
}

function errorAnswer(c: Context<AppEnv>, error: unknown): Response {
  if (error instanceof ApiError && error.status === 429)
    error = tooManyRequests(Number(error.headers?.["Retry-After"] ?? OCTO_KEY_LIMIT.windowSeconds));
  else if (error instanceof ApiError && error.status < 500) error = octoRefusal(error);
  if (!(error instanceof OctoError)) {
    logger.error({ requestId: c.get("requestId"), err: errorFields(error), path: c.req.path }, "octo call failed");
    trackError(error, { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, source: "octo" });
    error = unavailable();
  }
  const refusal = error as OctoError;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (refusal.retryAfter) headers["Retry-After"] = String(refusal.retryAfter);
  return Response.json(refusal.body, { status: refusal.status, headers });
}

const bearerKey = (header: string | undefined) => /^Bearer\s+(\S{1,200})$/i.exec(header?.trim() ?? "")?.[1];

async function callerOf(c: Context<AppEnv>): Promise<OctoCaller> {
  const key = bearerKey(c.req.header("Authorization"));
  if (!key) throw unauthorizedKey();
  // Counted by the key's hash (never by the key), before it is looked up: a guessed key is limited too.
  const counted = createHash("sha256").update(key).digest("base64url").slice(0, 24);
  await enforceRateLimits([{ key: `octo-key:${counted}`, ...OCTO_KEY_LIMIT }]);
  let db: Db;
  try {
    db = await getDb();
  } catch {
    throw unavailable();
  }
  const found = await resellerByKey(db, key);
  if (!found) throw unauthorizedKey();
  if (found.account.status !== "active") throw forbidden("This supplier does not take bookings at the moment.");
  const asked = (c.req.header(OCTO_CAPABILITIES_HEADER) ?? "").split(",").map((name) => name.trim());
  const capabilities = OCTO_CAPABILITIES.filter((name) => asked.includes(name));
  const url = new URL(c.req.url);
  let terms: Promise<ResellerTerms> | undefined;
  return {
    db,
    reseller: found.reseller,
    account: found.account,
    pricing: capabilities.includes("octo/pricing"),
    capabilities,
    endpoint: `${url.origin}/octo`,
    clientAddress: clientIp(c),
    terms: () => (terms ??= resellerTerms(db, found.reseller)),
  };
}

async function inputOf(c: Context<AppEnv>, endpoint: OctoEndpoint) {
  const params = endpoint.params?.safeParse(c.req.param());
  if (params && !params.success) throw badRequest("The path's id is not valid.");
  const query = endpoint.query?.safeParse(c.req.query());
  if (query && !query.success) {
    const issue = query.error.issues[0];
    throw badRequest(`${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  let body: unknown;
  if (endpoint.body) {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_OCTO_BODY_BYTES) throw badRequest("The request body is too large.");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest("The request body is not JSON.");
    }
    const parsed = endpoint.body.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`${issue.path.join(".") || "body"}: ${issue.message}`);
    }
    body = parsed.data;
  }
  return { params: params?.data, query: query?.data, body };
}

/** Serves `endpoint` on `router` (a Hono under /octo): its path relative to /octo. */
export function handleOcto<E extends OctoEndpoint>(router: Hono<AppEnv>, endpoint: E, handler: OctoHandler<E>): void {
  router.on(endpoint.method, endpoint.path.slice("/octo".length), async (c) => {
    try {
      const caller = await callerOf(c);
      const input = (await inputOf(c, endpoint)) as Input<E>;
      const output = await handler(caller, input);
      return c.json(output as object, 200, {
        [OCTO_CAPABILITIES_HEADER]: caller.capabilities.join(", "),
        "Cache-Control": "no-store",
      });
    } catch (error) {
      return errorAnswer(c, error);
    }
  });
}

/** Any other path or method under /octo: OCTO's NOT_FOUND (keys checked first: nothing is said to a stranger). */
export function octoFallback(router: Hono<AppEnv>): void {
  router.all("*", async (c) => {
    try {
      await callerOf(c);
      throw new OctoError(404, { error: "NOT_FOUND", errorMessage: "There is no such OCTO endpoint." });
    } catch (error) {
      return errorAnswer(c, error);
    }
  });
}
