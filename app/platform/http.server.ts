import { data, type HeadersFunction } from "@remix-run/node";
import { z } from "zod";
import { pageParam } from "~contract/query";
import { i18next } from "~/platform/i18next.server";

/** An unmatched path (spec section 8): 404 'Page not found: {path}'. */
export async function pageNotFound(request: Request, path = fullPath(request)) {
  const t = await i18next.getFixedT(request);
  return data(t("errors.pageNotFound", { path }), { status: 404 });
}

/** The path with its query, as the spec's 'Page not found: {fullPath}' shows it. */
function fullPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** A route whose parameters fail validation (spec section 5): 404 'Page Not Found: {path}'. */
export async function routeNotFound(request: Request) {
  const t = await i18next.getFixedT(request);
  return data(t("errors.routeNotFound", { path: new URL(request.url).pathname }), { status: 404 });
}

/** Route parameters: required, non-empty, URL-safe. */
export const idParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,128}$/);

/** Validate route params; anything else is a 404 'Page Not Found: {path}'. */
export async function requireParams<T extends z.ZodRawShape>(
  request: Request,
  params: Record<string, string | undefined>,
  shape: T,
): Promise<z.infer<z.ZodObject<T>>> {
  const result = z.object(shape).safeParse(params);
  if (!result.success) throw await routeNotFound(request);
  return result.data;
}

/**
 * The `page` of a paginated list's address, as the API reads it (a whole number from 1), or the
 * first page when the address has none or one the API would refuse.
 */
export function pageOf(request: Request): number {
  return pageParam.catch(1).parse(new URL(request.url).searchParams.get("page") ?? undefined);
}

/**
 * The answer's status for an API error an action shows on its page, and its Retry-After when
 * the API said how long to wait (a 429 always does).
 */
export function errorInit(error: { status: number; headers?: Record<string, string> }, status = error.status) {
  const retryAfter = error.headers?.["Retry-After"];
  return { status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined };
}

/** How long a visitor is asked to wait when the API (or what it stands on) is not available. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;

/** Every 503 the app answers (a page, data, the /v1 forward) says when to try again. */
export function applyRetryAfter(status: number, headers: Headers): void {
  if (status === 503 && !headers.has("Retry-After"))
    headers.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
}

/**
 * The `headers` export of every route that can answer with headers of its own (errorInit's
 * Retry-After on a 429): without one, Remix keeps only the cookies of a loader's or action's
 * answer. Passes on the parent's, the loader's, the action's and the error's headers, in that
 * order (cookies Remix adds itself). tests/unit/route-headers.test.ts checks the routes.
 */
export const passHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const source of [parentHeaders, loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, name) => {
      if (name !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
};
