/**
 * The typed test client of the v1 API, built from the declarations (contract/endpoints.ts):
 * `v1.cancelBooking({ params: { id }, token })` calls the endpoint named so (its `operationId`)
 * with its method and path, as `call()` does (a bearer token or session cookie, a JSON body, an
 * X-Forwarded-For address), and answers `{ status, headers, body }` like `api()`: tests read the
 * same result whatever the call looks like. Path params go in as given; query values are encoded.
 * `v1Path("getExperience", { params, query })` is the path alone, for a test that sends the request its own way (a raw body, another method).
 * Every successful answer is still checked against the endpoint's output schema (./api.ts).
 */
import type { z } from "zod";
import type { Endpoint } from "~contract/endpoint";
import { endpoints, type EndpointName, type Endpoints } from "~contract/endpoints";
import type { ApiResult } from "./api";
import { call, type CallOptions } from "./identity";

type SchemaOf<T, K extends string> = T extends { [P in K]?: infer S }
  ? Extract<Exclude<S, undefined>, z.ZodTypeAny>
  : never;
type QueryValue = string | number | boolean | null | undefined;

/** The path's `:param`s, each any value that prints (tests send malformed ids too). */
type ParamsInput<T> = [SchemaOf<T, "params">] extends [never]
  ? { params?: never }
  : { params: { [K in keyof z.input<SchemaOf<T, "params">>]-?: string | number } };

/** The query's fields (those declared, and any other a test sends on purpose). */
type QueryInput<T> = [SchemaOf<T, "query">] extends [never]
  ? { query?: Record<string, QueryValue> }
  : { query?: { [K in keyof z.input<SchemaOf<T, "query">>]?: QueryValue } & Record<string, QueryValue> };

/** What a call of endpoint `N` takes: its params and query, and `call()`'s options (the method is the declaration's). */
export type V1Input<N extends EndpointName> = ParamsInput<Endpoints[N]> &
  QueryInput<Endpoints[N]> &
  Omit<CallOptions, "method">;

type PathInput<N extends EndpointName> = ParamsInput<Endpoints[N]> & QueryInput<Endpoints[N]>;

/** Arguments of a call: optional when the endpoint has no path params. */
type Args<N extends EndpointName, I> = [ParamsInput<Endpoints[N]>] extends [{ params?: never }]
  ? [input?: I]
  : [input: I];

/** The path of endpoint `name` with its params filled in and its query (values that are set) appended. */
export function v1Path<N extends EndpointName>(name: N, ...[input]: Args<N, PathInput<N>>): string {
  const { path } = endpoints[name] as Endpoint;
  const params = (input?.params ?? {}) as Record<string, unknown>;
  // Each value goes into the path as given (not encoded): a test may send a malformed or encoded segment.
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (params[name] === undefined || params[name] === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return String(params[name]);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input?.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${filled}?${query}` : filled;
}

type V1Client = {
  // JSON answers are inspected dynamically in tests; assertions check their shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [N in EndpointName]: (...args: Args<N, V1Input<N>>) => Promise<ApiResult<any>>;
};

/** One function per declared endpoint, by its name. */
export const v1 = Object.fromEntries(
  (Object.keys(endpoints) as EndpointName[]).map((name) => [
    name,
    (input: Record<string, unknown> = {}) => {
      const { params, query, ...options } = input;
      const path = v1Path(name, { params, query } as never);
      return call(path, { ...(options as CallOptions), method: (endpoints[name] as Endpoint).method });
    },
  ]),
) as unknown as V1Client;

/** What any endpoint's call may take (not checked against its name): for tables of endpoints. */
export type AnyV1Input = {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
} & Omit<CallOptions, "method">;

/** Calls the endpoint `name` (one of a table's rows) with `input`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function callEndpoint(name: EndpointName, input: AnyV1Input = {}): Promise<ApiResult<any>> {
  return (v1[name] as (input: AnyV1Input) => ReturnType<typeof callEndpoint>)(input);
}

/** The method and path of endpoint `name` (one of a table's rows), its params filled in. */
export function declared(name: EndpointName, params?: Record<string, string | number>) {
  return {
    method: (endpoints[name] as Endpoint).method,
    path: (v1Path as (n: EndpointName, i: AnyV1Input) => string)(name, { params }),
  };
}
