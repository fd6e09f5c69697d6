import type { z } from "zod";
import type { ChangeTopic } from "./changes";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the v1 API: method, path (with `:param`s), the zod schemas of what it takes,
 * the type of its `data`, and the error codes of its own that a caller may want to handle.
 */
export interface Endpoint<
  P extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  Q extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  B extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
  O = unknown,
  E extends string = string,
> {
  method: HttpMethod;
  path: `/v1/${string}`;
  params?: P;
  query?: Q;
  body?: B;
  /** Extra request headers the endpoint reads (e.g. Idempotency-Key). */
  headers?: readonly string[];
  /** The schema of the envelope's `data` (./outputs.ts). */
  output: z.ZodType<O>;
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
>(definition: Endpoint<P, Q, B, O, E>): Endpoint<P, Q, B, O, E> {
  return definition;
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
