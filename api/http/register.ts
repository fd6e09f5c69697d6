import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { CHANGED_HEADER } from "~contract/system/changes";
import type { Endpoint, EndpointAuth, HttpMethod, OutputOf, OwnResponseMedia, SuccessStatus } from "~contract/endpoint";
import { endpoints } from "~contract/endpoints";
import type { MemberScope } from "~contract/operator/member-roles";
import { nameRoute } from "~runtime/request-id.mjs";
import { announceChanges } from "../changes/feed";
import { dataResponse } from "./envelope";
import { ApiError, methodNotAllowed } from "./errors";
import { port } from "./port";
import type { AppEnv, Member } from "./types";
import { validate } from "./validate";
import { withDb } from "./with-db";

/**
 * The one way a v1 route is registered: from its declaration in contract/endpoints.ts.
 *
 *     handle(bookingRoutes, endpoints.cancelBooking, async (c, { params }) => cancelBooking(…, params.id));
 *
 * In order: the caller is checked as the declaration's `auth` says, the route's own middleware
 * runs (`use`: a rate limit, a provider's guard), the declared headers, params, query and JSON body
 * are validated (a 400 `validation_error` with fields), the database is opened and, for a `tenant`
 * endpoint, X-Account-Context resolved; for a console endpoint (`member`), the caller's membership
 * of that operator and their role are checked (api/members/guard.ts) and the member handed to the
 * handler as `member`. Two-step sign-in (issue 43): a session whose second step is pending
 * reaches only the endpoints declared `duringSecondStep` (403 `second_step_required`; an
 * `optional` endpoint answers it as anonymous), and a `reauth` endpoint needs a fresh second step
 * (403 `reauthentication_required`), checked after the member guard; the rules are the two-step
 * room's (api/two-step/policy.ts), given here as route checks. The handler returns the `data`; it is answered in the
 * envelope (`{ success: true }` when there is none) with the declared status, and a write that
 * declares `changes` names them in CHANGED_HEADER and announces them. Other methods on the path
 * answer 405 with Allow, from every declaration of that path.
 */
export function handle<E extends Endpoint>(router: Hono<AppEnv>, endpoint: E, handler: RouteHandler<E>): void;
export function handle<E extends Endpoint>(
  router: Hono<AppEnv>,
  endpoint: E,
  options: RouteOptions,
  handler: RouteHandler<E>,
): void;
export function handle<E extends Endpoint>(
  router: Hono<AppEnv>,
  endpoint: E,
  ...args: [RouteHandler<E>] | [RouteOptions, RouteHandler<E>]
): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  if (options.db === false && endpoint.tenant)
    throw new Error(`${endpoint.path}: a tenant endpoint needs the database.`);
  if (endpoint.member && (!endpoint.tenant || (endpoint.auth !== "user" && endpoint.auth !== "freshUser")))
    throw new Error(`${endpoint.path}: a member's endpoint needs a signed-in user and X-Account-Context.`);
  const path = endpoint.path.slice("/v1".length);
  // A platform admin's path says nothing of itself to anyone else: no 405 with Allow, a 404 as any unknown path.
  if (endpoint.auth !== "platformAdmin") guardMethods(router, path, endpoint.path);
  const chain: MiddlewareHandler<AppEnv>[] = [
    namedRoute(endpoint.path),
    ...authOf(endpoint.auth),
    ...(endpoint.auth === "public" ? [] : [pendingSessionCheck(endpoint)]),
    ...(endpoint.maxBodyBytes ? [routeBodyLimit(endpoint.maxBodyBytes)] : []),
    ...(options.use ?? []),
    ...validators(endpoint),
    ...(options.db === false ? [] : [withDb]),
    ...(endpoint.tenant ? [tenantCheck] : []),
  ];
  router.on(endpoint.method, [path], ...chain, async (c) => {
    const input = {
      params: endpoint.params && c.req.valid("param" as never),
      query: endpoint.query && c.req.valid("query" as never),
      body: endpoint.body && c.req.valid((endpoint.bodyMedia ? "form" : "json") as never),
      headers: endpoint.headers && c.req.valid("header" as never),
      member:
        endpoint.member &&
        (await provided().member(c, endpoint.member, {
          writes: endpoint.method !== "GET" && !endpoint.whileSuspended,
        })),
    } as RouteInput<E>;
    if (endpoint.reauth) await provided().secondStep.reauth(c);
    return answer(c, endpoint, await handler(c, input));
  });
}

export interface RouteOptions {
  /** Middleware of this route alone: after the caller is checked, before the input is validated. */
  use?: MiddlewareHandler<AppEnv>[];
  /** The handler needs no database: withDb is not run (neither can a `tenant` endpoint be). */
  db?: false;
}

type Parsed<E, K extends "params" | "query" | "body" | "headers"> = E extends { [P in K]?: infer S }
  ? S extends z.ZodTypeAny
    ? z.output<S>
    : undefined
  : undefined;

type MemberOf<E> = E extends { member?: infer M }
  ? [Exclude<M, undefined>] extends [never]
    ? undefined
    : Member
  : undefined;

/**
 * The validated input of a route: what its declaration takes (undefined for a part it does not),
 * and for a console endpoint the caller as a member of the operator (undefined for the others).
 */
export interface RouteInput<E> {
  params: Parsed<E, "params">;
  query: Parsed<E, "query">;
  body: Parsed<E, "body">;
  headers: Parsed<E, "headers">;
  member: MemberOf<E>;
}

/** A success with a declared status other than the usual one (the first of `statuses`). */
export class WithStatus<T> {
  constructor(
    readonly status: SuccessStatus,
    readonly data: T,
  ) {}
}

/**
 * A success in the endpoint's declared `alternateMedia` (a CSV the caller asked for): the handler
 * wrote the Response, headers and all.
 */
export class InAlternateMedia {
  constructor(readonly response: Response) {}
}

type Result<E> = E extends { media: OwnResponseMedia }
  ? Response
  : [OutputOf<E>] extends [undefined]
    ? void
    : OutputOf<E> | WithStatus<OutputOf<E>> | InAlternateMedia;

export type RouteHandler<E> = (c: Context<AppEnv>, input: RouteInput<E>) => Result<E> | Promise<Result<E>>;

function answer(c: Context<AppEnv>, endpoint: Endpoint, result: unknown): Response {
  // A stream (the change feed) or a stored file (media) is answered by its handler, headers and all.
  if (endpoint.media === "text/event-stream" || endpoint.media === "image/*") return result as Response;
  if (result instanceof InAlternateMedia) {
    if (!endpoint.alternateMedia) throw new Error(`${endpoint.path} declares no alternate media.`);
    return result.response;
  }
  const statuses = endpoint.statuses ?? [200];
  const { status, data } = result instanceof WithStatus ? result : { status: statuses[0], data: result };
  if (!statuses.includes(status)) throw new Error(`${endpoint.path} does not declare the status ${status}.`);
  if (endpoint.changes?.length) {
    c.header(CHANGED_HEADER, endpoint.changes.join(", "));
    announceChanges(endpoint.changes);
  }
  if (endpoint.media === "application/json") return c.json(data, status);
  if (endpoint.media) return c.body(String(data), status, { "Content-Type": `${endpoint.media}; charset=utf-8` });
  return dataResponse(c, data, status);
}

/**
 * How each kind of caller is checked and how X-Account-Context is resolved: the auth and accounts
 * rooms own those, and give them here as the app is made (api/wiring.ts), so http imports neither;
 * so does the members room its guard of the console's endpoints (api/members/guard.ts).
 */
export interface RouteChecks {
  caller: Record<Exclude<EndpointAuth, "public">, MiddlewareHandler<AppEnv>>;
  tenant: MiddlewareHandler<AppEnv>;
  /** `writes`: the call changes something (a suspended operator's console refuses it). */
  member: (c: Context<AppEnv>, scope: MemberScope, options: { writes: boolean }) => Promise<Member>;
  /** Two-step sign-in's rules (api/two-step/policy.ts): the pending session's, and `reauth`'s. */
  secondStep: {
    pending: (c: Context<AppEnv>, endpoint: Pick<Endpoint, "auth" | "duringSecondStep">) => void;
    reauth: (c: Context<AppEnv>) => Promise<void>;
  };
}
const routeChecks = port<RouteChecks>("the route checks");
export const provideRouteChecks = routeChecks.provide;
const provided = routeChecks.provided;

/** Looked up per request: routes are registered as their modules load, before the app wires them. */
const callerCheck =
  (kind: keyof RouteChecks["caller"]): MiddlewareHandler<AppEnv> =>
  (c, next) =>
    provided().caller[kind](c, next);
const tenantCheck: MiddlewareHandler<AppEnv> = (c, next) => provided().tenant(c, next);

/** After the caller is checked: a pending session reaches only what is declared `duringSecondStep`. */
const pendingSessionCheck =
  (endpoint: Endpoint): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    provided().secondStep.pending(c, endpoint);
    await next();
  };

function authOf(auth: EndpointAuth): MiddlewareHandler<AppEnv>[] {
  switch (auth) {
    case "public":
      return [];
    case "optional":
    case "user":
    case "freshUser":
    case "platformAdmin":
      return [callerCheck(auth)];
    default:
      // A new kind of caller (an operator's role) must be handled above.
      return auth satisfies never;
  }
}

/** Declared headers are read by their names as declared (fields keyed `Idempotency-Key`, not lower case). */
function declaredHeaders(schema: z.AnyZodObject) {
  const names = Object.keys(schema.shape);
  return z.preprocess(
    (all) => Object.fromEntries(names.map((name) => [name, (all as Record<string, string>)[name.toLowerCase()]])),
    schema,
  );
}

function validators(endpoint: Endpoint): MiddlewareHandler<AppEnv>[] {
  return [
    ...(endpoint.headers ? [validate("header", declaredHeaders(endpoint.headers))] : []),
    ...(endpoint.params ? [validate("param", endpoint.params)] : []),
    ...(endpoint.query ? [validate("query", endpoint.query)] : []),
    ...(endpoint.body && endpoint.bodyMedia ? [requireMultipart, validate("form", endpoint.body)] : []),
    ...(endpoint.body && !endpoint.bodyMedia ? [validate("json", endpoint.body)] : []),
  ] as MiddlewareHandler<AppEnv>[];
}

/** An upload is a multipart/form-data body: any other is refused in words (415), not read. */
const requireMultipart: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(c.req.header("Content-Type") ?? ""))
    throw new ApiError(
      415,
      "unsupported_media_type",
      "Send the file as multipart/form-data (a form with the file in its field).",
    );
  await next();
};

/** The route's own body limit (its declared maxBodyBytes; api/app.ts leaves such routes to it). */
function routeBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(
        413,
        "payload_too_large",
        `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB: choose a smaller one.`,
      );
    },
  });
}

/** The request's route for the metrics (runtime/request-id.mjs): the declared path template. */
function namedRoute(path: string): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    nameRoute(path, "api");
    await next();
  };
}

const METHOD_ORDER: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * What the Allow header of a declared path says: its declared methods, and HEAD with GET. A path
 * with a fixed segment where another declaration has a parameter that accepts it (DELETE
 * /v1/user/second-factors/:factorId, whose factorId may be "totp", beside POST
 * /v1/user/second-factors/totp) allows that declaration's method too; a parameter that refuses
 * the segment (GET /v1/bookings/:id, an id, beside POST /v1/bookings/quote) does not.
 */
export function allowedMethods(path: string): string[] {
  const declared = Object.values(endpoints as Record<string, Endpoint>).filter(
    (entry) => entry.path === path || acceptsFixedPath(entry, path),
  );
  const methods: string[] = METHOD_ORDER.filter((method) => declared.some((entry) => entry.method === method));
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}

/** Whether a declaration with path parameters takes the fixed `path` as its own (its params schema accepts the segments). */
function acceptsFixedPath(entry: Endpoint, path: string): boolean {
  if (!entry.params || !entry.path.includes(":") || path.includes(":")) return false;
  const names: string[] = [];
  const pattern = new RegExp(
    `^${entry.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    })}$`,
  );
  const match = pattern.exec(path);
  if (!match) return false;
  return entry.params.safeParse(Object.fromEntries(names.map((name, index) => [name, match[index + 1]]))).success;
}

const guarded = new WeakMap<Hono<AppEnv>, Set<string>>();

/**
 * Before a path's first handler in a router: a 405 for the methods no declaration of the path has.
 * The declared ones pass on, to their handlers in this router or another. (HEAD runs the GET handlers.)
 */
function guardMethods(router: Hono<AppEnv>, path: string, declaredPath: string): void {
  const paths = guarded.get(router) ?? new Set<string>();
  guarded.set(router, paths);
  if (paths.has(path)) return;
  paths.add(path);
  const allowed = allowedMethods(declaredPath);
  router.all(path, async (c, next) => {
    if (!allowed.includes(c.req.method)) throw methodNotAllowed(c.req.method, allowed);
    await next();
  });
}

/**
 * Whether a request is for a route that declares its own body limit (`maxBodyBytes`, an upload):
 * the API's usual limit (api/app.ts) leaves it to that route's.
 */
export function hasOwnBodyLimit(method: string, path: string): boolean {
  return OWN_LIMITS.some((entry) => entry.method === method && entry.pattern.test(path));
}
const OWN_LIMITS = Object.values(endpoints as Record<string, Endpoint>)
  .filter((entry) => entry.maxBodyBytes)
  .map((entry) => ({
    method: entry.method,
    pattern: new RegExp(`^${entry.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`),
  }));

/** `handle`'s answer with another declared status: `withStatus(200, booking)`. */
export function withStatus<T>(status: SuccessStatus, data: T): WithStatus<T> {
  return new WithStatus(status, data);
}
