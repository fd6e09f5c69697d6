// What every fuzzed loader and action must do: answer, never throw a 500 (answerFrom), and keep a
// 429's Retry-After on the page.
import { expect } from "vitest";
import { args } from "../support/routes";
import type fc from "fast-check";
import { answerFrom, expectRetryAfterKept, fuzzStatuses, type Route } from "./helpers";

/** A route's params, each from `values` in the order of its path. */
export function paramsOf(route: Route, values: string[]): Record<string, string> {
  return Object.fromEntries(route.params.map((name, index) => [name, values[index]]));
}

/**
 * `request` to the route's loader or action as Remix would send it, with `params`: its answer is
 * no 500, and a 429 keeps its Retry-After. Answers its status.
 */
export async function expectNo500(
  route: Route,
  from: "loader" | "action",
  request: Request,
  params: Record<string, string>,
): Promise<number> {
  const what = `${request.method} ${request.url}`.slice(0, 300);
  const answer = await answerFrom(what, () => route.module[from]!(args(request, params)));
  expect(answer.status, what).toBeLessThan(500);
  expectRetryAfterKept(what, route, answer, from);
  return answer.status;
}

/**
 * Each route meets each value in every param of its path (and wherever `request` puts it too),
 * signed out and signed in: no 500 (expectNo500).
 */
export async function expectEachValueEverywhere(
  routes: Route[],
  values: string[],
  from: "loader" | "action",
  request: (route: Route, value: string, params: Record<string, string>, signedIn: boolean) => Request,
): Promise<void> {
  for (const route of routes) {
    for (const value of values) {
      for (const signedIn of [false, true]) {
        const params = paramsOf(
          route,
          route.params.map(() => value),
        );
        await expectNo500(route, from, request(route, value, params, signedIn), params);
      }
    }
  }
}

/**
 * `runs` random inputs, each a route (an index of `routes`), its params and what `request` makes
 * of the rest: no 500 (expectNo500); then how the statuses were spread (fuzzStatuses).
 */
export async function expectNo500Fuzzed<Input extends { target: number; params: string[] }>(
  label: string,
  runs: number,
  inputs: fc.Arbitrary<Input>,
  routes: Route[],
  from: "loader" | "action",
  request: (input: Input, route: Route, params: Record<string, string>) => Request,
): Promise<void> {
  await fuzzStatuses(label, runs, inputs, async (input) => {
    const route = routes[input.target];
    const params = paramsOf(route, input.params);
    return expectNo500(route, from, request(input, route, params), params);
  });
}
