import type { z } from "zod";
import type { ChangeTopic } from "./system/changes";
import type { MemberScope } from "./operator/member-roles";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call an endpoint (the API applies it: api/http/register.ts):
 * - `public`: anyone; no credentials are read.
 * - `optional`: anyone; credentials, when sent, are verified and make the answer the caller's.
 * - `user`: a signed-in user (401 `unauthorized` without valid credentials).
 * - `freshUser`: a signed-in user whose session's revocation is checked on every call (sensitive
 *   actions: seats and payments, phone, email, password).
 * - `platformAdmin`: a signed-in platform admin (users.is_platform_admin) on the marketplace host
 *   (no X-Account-Context): anyone else, signed out or with bad credentials included, and any
 *   request on a storefront host, gets 404 `not_found` exactly as an unknown path would (no 401,
 *   no 405); an admin without a second factor gets 403 `second_factor_required` (issue 44).
 *
 * A console endpoint also declares `member`: which members of the operator's team may call it.
 */
export type EndpointAuth = "public" | "optional" | "user" | "freshUser" | "platformAdmin";

/** The statuses a success may have. */
export type SuccessStatus = 200 | 201 | 202;

/**
 * What a success answers when it is not the JSON envelope: the body as is, of this media type
 * (the API's reference: its page, its script, its stylesheet, its OpenAPI document; the change
 * feed's stream, whose `output` is the schema of one event's data).
 */
export type BareMedia =
  "application/json" | "text/html" | "text/javascript" | "text/css" | "text/event-stream" | "image/*";

/** Media the handler answers itself, headers and all (a stream, a stored file): a Response. */
export type OwnResponseMedia = "text/event-stream" | "image/*";

/**
 * How a body other than JSON is sent: `multipart/form-data` (an upload): its fields are `body`'s,
 * a file field being the contract's `photoFile`-style Blob (the OpenAPI document draws fields
 * described FILE_FIELD as binary).
 */
export type BodyMedia = "multipart/form-data";

/**
 * One endpoint of the v1 API, declared once: method, path (with `:param`s), who may call it, the
 * zod schemas of what it takes, the schema of its `data`, the error codes of its own that a
 * caller may want to handle, and what it means for caches. The API registers its route from this
 * (validation, auth, 405, envelope), the typed client calls it by name and /v1/openapi.json
 * describes it with `operationId` = its name.
 */
export interface Endpoint<
  P extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  Q extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  B extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  O = unknown,
  E extends string = string,
  H extends z.AnyZodObject | undefined = z.AnyZodObject | undefined,
  M extends MemberScope | undefined = MemberScope | undefined,
> {
  method: HttpMethod;
  path: `/v1/${string}`;
  /** One line for the reference (/v1/docs). */
  summary: string;
  auth: EndpointAuth;
  /**
   * A console endpoint: the caller must be a member of the operator named by X-Account-Context
   * (else 404 `not_found`) whose role the scope allows (./member-roles.ts; else 403 `forbidden`).
   * The API runs that guard before the handler and hands it the member; needs `tenant` and a user.
   */
  member?: M;
  /**
   * A console write that a suspended operator's team may still make (issue 44): what serves the
   * bookings it already sold (check-in, refunds, cancellations). Every other console write of a
   * suspended operator answers 409 `operator_suspended`.
   */
  whileSuspended?: true;
  /**
   * The answer is the operator's named by X-Account-Context (an unknown one: 404
   * `account_not_found`), or every operator's without it.
   */
  tenant?: true;
  /**
   * Money and power (refunds, roles, removing members, keys, a second factor's removal): the
   * session must have given a second step within the last REAUTH_WINDOW_MINUTES
   * (./identity/two-step.ts), or, for a user without a second factor, have signed in within them;
   * else 403 `reauthentication_required`.
   */
  reauth?: true;
  /**
   * Reachable by a session whose second step is still pending (the second-step page, sign-out, who
   * the user is); every other signed-in endpoint answers it 403 `second_step_required`.
   */
  duringSecondStep?: true;
  params?: P;
  query?: Q;
  body?: B;
  /** The body's media type when it is not JSON. */
  bodyMedia?: BodyMedia;
  /** A larger body than the API's usual limit (api/app.ts MAX_API_BODY_BYTES) for this route alone. */
  maxBodyBytes?: number;
  /** Extra request headers the endpoint reads, by name as sent (e.g. `Idempotency-Key`). */
  headers?: H;
  /** The schema of the envelope's `data` (./outputs.ts); with `media`, of the whole body. */
  output: z.ZodType<O>;
  /** The statuses of a success, the usual one first; absent: 200. */
  statuses?: readonly [SuccessStatus, ...SuccessStatus[]];
  media?: BareMedia;
  /**
   * A second media type the success may be answered in, when the caller asks for it (`Accept`, or
   * the endpoint's own query parameter): the handler then answers a Response of it itself (the
   * day manifest's CSV). The OpenAPI document lists it beside the JSON envelope.
   */
  alternateMedia?: "text/csv";
  errors: readonly E[];
  /** A read the web may keep until one of these topics changes (./changes.ts); absent: never kept. */
  dependsOn?: readonly ChangeTopic[];
  /** What a successful call changes for caches (./changes.ts); absent: nothing (a quote, a read). */
  changes?: readonly ChangeTopic[];
}

export function endpoint<
  const E extends string,
  O,
  P extends z.ZodTypeAny | undefined = undefined,
  Q extends z.ZodTypeAny | undefined = undefined,
  B extends z.ZodTypeAny | undefined = undefined,
  H extends z.AnyZodObject | undefined = undefined,
  M extends MemberScope | undefined = undefined,
>(definition: Endpoint<P, Q, B, O, E, H, M>): Endpoint<P, Q, B, O, E, H, M> {
  return definition;
}

/** The endpoints of one domain, with its name as their tag (the reference's sections). */
// The constraint names no generic part of Endpoint: a contextual Endpoint<…> would widen what each
// `endpoint()` infers (an absent `params` would become "any schema or none").
export function domain<const T extends Record<string, Pick<Endpoint, "method" | "path">>>(
  tag: string,
  group: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  return Object.fromEntries(Object.entries(group).map(([name, entry]) => [name, { ...entry, tag }])) as {
    [K in keyof T]: T[K] & { tag: string };
  };
}

type QueryValue = string | number | boolean | null | undefined;
type QueryInput<Q> = Q extends z.ZodTypeAny ? { [K in keyof z.input<Q>]?: QueryValue } : never;

type Part<T, K extends "params" | "query" | "body"> = T extends { [P in K]?: infer S } ? Exclude<S, undefined> : never;

/** What a call of the endpoint takes: `params` and `body` when it has them, `query` always optional. */
export type InputOf<T> = ([Part<T, "params">] extends [never]
  ? { params?: never }
  : { params: z.input<Extract<Part<T, "params">, z.ZodTypeAny>> }) &
  ([Part<T, "query">] extends [never] ? { query?: never } : { query?: QueryInput<Part<T, "query">> }) &
  ([Part<T, "body">] extends [never] ? { body?: never } : { body: z.input<Extract<Part<T, "body">, z.ZodTypeAny>> }) & {
    headers?: Record<string, string>;
  };

/** What a call of the endpoint answers (the envelope's `data`). */
export type OutputOf<T> = T extends { output: z.ZodType<infer O> } ? O : never;

/** The error codes the endpoint declares. */
export type ErrorCodeOf<T> = T extends { errors: readonly (infer E)[] } ? E : never;

/** `/v1/bookings/:id/cancel` + `{ id }` → `/v1/bookings/bk_…/cancel` (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
