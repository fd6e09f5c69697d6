/// <reference types="vite/client" />
import fc from "fast-check";
import { expect } from "vitest";

/** Percent-encodes, and sends a lone surrogate as the invalid UTF-8 a hostile client would (%ED%A0%80). */
export function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
}

/** What a browser would get from a loader or action: the status and headers of its answer. */
export type Answer = { status: number; headers: Headers };

function isDataWithInit(value: unknown): value is { init?: ResponseInit } {
  return (value as { type?: string } | null)?.type === "DataWithResponseInit";
}

function answerOf(value: unknown): Answer {
  if (value instanceof Response) return { status: value.status, headers: value.headers };
  if (isDataWithInit(value)) return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers) };
  return { status: 200, headers: new Headers() };
}

/**
 * The answer a browser would get from a loader or action: its answer's, a thrown Response's or
 * data()'s; anything else thrown is a 500, reported with what was asked.
 */
export async function answerFrom(what: string, run: () => unknown): Promise<Answer> {
  try {
    return answerOf(await run());
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return answerOf(thrown);
    throw new Error(`${what} threw (a 500): ${String(thrown)}`, { cause: thrown });
  }
}

/** The status alone (see answerFrom). */
export async function statusOf(what: string, run: () => unknown): Promise<number> {
  return (await answerFrom(what, run)).status;
}

export type RouteModule = Record<string, unknown> & {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
  headers?: (args: Record<string, Headers | undefined>) => HeadersInit;
  default?: unknown;
};

export type Route = { file: string; path: string; params: string[]; module: RouteModule };

/**
 * The path Remix serves a flat route file at (`_default.account.booking.$bookingId` →
 * `/account/booking/:bookingId`; `$` alone is the splat, `*`), and its params.
 */
export function routePath(file: string): { path: string; params: string[] } {
  const name = file.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  const parts: string[] = [];
  const params: string[] = [];
  for (const segment of name.match(/(?:\[[^\]]*\]|[^.])+/g) ?? []) {
    if (segment.startsWith("_")) continue; // a pathless layout, or _index
    const bare = segment.replace(/^\((.*)\)$/, "$1");
    if (bare === "$") {
      parts.push(":*");
      params.push("*");
    } else if (bare.startsWith("$")) {
      parts.push(`:${bare.slice(1)}`);
      params.push(bare.slice(1));
    } else {
      parts.push(bare.replace(/\[(.*?)\]/g, "$1"));
    }
  }
  return { path: `/${parts.join("/")}`, params };
}

const routeFiles = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");

/** Every route module of the web app (and the root, at "/"), with its path and params. */
export async function allRoutes(): Promise<Route[]> {
  const routes = await Promise.all(
    Object.entries(routeFiles).map(async ([file, load]) => ({ file, ...routePath(file), module: await load() })),
  );
  const root = (await import("~/root")) as RouteModule;
  return [{ file: "app/root.tsx", path: "/", params: [], module: root }, ...routes];
}

/** A route's path with its params filled in (encoded). */
export function fillPath(route: Route, params: Record<string, string>): string {
  let path = route.path;
  for (const name of route.params) path = path.replace(`:${name}`, encodePart(params[name] ?? ""));
  return path;
}

/**
 * A 429 carries Retry-After, and a page keeps it: Remix drops a loader's or action's headers
 * but its cookies unless the route's `headers` passes them on.
 */
export function expectRetryAfterKept(what: string, route: Route, answer: Answer, from: "loader" | "action") {
  if (answer.status !== 429) return;
  expect(answer.headers.get("Retry-After"), `${what}: a 429 without Retry-After`).toMatch(/^\d+$/);
  if (!route.module.default) return; // a resource route answers its own Response
  expect(route.module.headers, `${what}: ${route.file} does not export headers`).toBeTypeOf("function");
  const passed = new Headers(
    route.module.headers!({
      parentHeaders: new Headers(),
      loaderHeaders: from === "loader" ? answer.headers : new Headers(),
      actionHeaders: from === "action" ? answer.headers : new Headers(),
      errorHeaders: undefined,
    }),
  );
  expect(passed.get("Retry-After"), `${what}: ${route.file} drops Retry-After`).toBe(answer.headers.get("Retry-After"));
}

/**
 * `runs` random inputs, each sent and checked by `check`, which answers the status it got; then how
 * the statuses were spread (`label`: what was sent, the figures CI prints). Seeded by FUZZ_SEED to
 * replay a failure, else by the clock.
 */
export async function fuzzStatuses<Input>(
  label: string,
  runs: number,
  inputs: fc.Arbitrary<Input>,
  check: (input: Input) => Promise<number>,
): Promise<void> {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(inputs, async (input) => {
      const status = await check(input);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
    { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
  );
  console.info(`${label}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
}
