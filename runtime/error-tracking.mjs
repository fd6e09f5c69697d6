/**
 * Optional error tracking: Sentry's Node SDK (@sentry/node) when SENTRY_DSN is set, nothing at all
 * otherwise (the SDK is not even loaded). Every process starts it the same way (server/index.mjs:
 * the web, the API alone); the API's and the web's handlers of unexpected errors report through
 * trackError, beside their log line. No personal data is sent: no cookies, no headers but the
 * content type and user agent, no bodies, no query strings, no user, and email addresses in error
 * messages masked (scrubEvent). No tracing: errors only.
 *
 * Plain JavaScript: server/index.mjs imports it before any build is loaded.
 */

/** @typedef {{ dsn: string, environment: string, release: string | undefined, sampleRate: number }} ErrorTrackingSettings */

import { afterDrain } from "./process-lifecycle.mjs";

/**
 * The SDK once started, on globalThis: the web's server, the Remix build and the bundled API each
 * hold a copy of this module, and all of them report through the one SDK the process started.
 * @type {{ sdk: any }}
 */
const shared = /** @type {any} */ (globalThis[Symbol.for("wayfarer.errorTracking")] ??= { sdk: null });

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Request headers that are kept: nothing that names or authenticates the caller. */
const KEPT_HEADERS = new Set(["content-type", "user-agent", "accept"]);

/**
 * SENTRY_DSN (and SENTRY_ENVIRONMENT, SENTRY_RELEASE, SENTRY_SAMPLE_RATE) from the environment:
 * null when SENTRY_DSN is unset or empty; throws, naming the setting, when a value is not usable.
 * @param {Record<string, string | undefined>} env
 * @returns {ErrorTrackingSettings | null}
 */
export function errorTrackingSettings(env) {
  const dsn = env.SENTRY_DSN?.trim();
  if (!dsn) return null;
  let url;
  try {
    url = new URL(dsn);
  } catch {
    throw new Error("SENTRY_DSN is not a URL (https://PUBLIC_KEY@HOST/PROJECT_ID, from the Sentry project's settings)");
  }
  if (!["https:", "http:"].includes(url.protocol) || !url.username || !/^\/(?:.*\/)?\d+$/.test(url.pathname)) {
    throw new Error("SENTRY_DSN must look like https://PUBLIC_KEY@HOST/PROJECT_ID");
  }
  const rate = env.SENTRY_SAMPLE_RATE?.trim();
  const sampleRate = rate ? Number(rate) : 1;
  if (!Number.isFinite(sampleRate) || sampleRate < 0 || sampleRate > 1) {
    throw new Error("SENTRY_SAMPLE_RATE must be a number from 0 to 1 (the share of errors sent)");
  }
  const environment = env.SENTRY_ENVIRONMENT?.trim() || env.APP_ENV?.trim() || "production";
  if (!/^[\w.-]{1,64}$/.test(environment)) throw new Error("SENTRY_ENVIRONMENT: letters, digits, . _ - (64 at most)");
  return { dsn, environment, release: env.SENTRY_RELEASE?.trim() || undefined, sampleRate };
}

/** A URL's query string (tokens, codes, addresses are often there). */
const QUERY = /(\bhttps?:\/\/[^\s?#]+)\?[^\s#]*/g;
/** Masks email addresses and URLs' query strings in a text. @param {unknown} text */
const masked = (text) => (typeof text === "string" ? text.replace(EMAIL, "[email]").replace(QUERY, "$1") : text);

/**
 * What leaves the process: the event without personal data (see the file's comment).
 * @template {Record<string, any>} E
 * @param {E} event
 * @returns {E}
 */
export function scrubEvent(event) {
  delete event.user;
  if (event.request) {
    const { url, method, headers } = event.request;
    event.request = {
      ...(typeof url === "string" ? { url: url.split("?")[0] } : {}),
      ...(method ? { method } : {}),
      headers: Object.fromEntries(
        Object.entries(headers ?? {}).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())),
      ),
    };
  }
  if (event.message) event.message = masked(event.message);
  for (const exception of event.exception?.values ?? []) exception.value = masked(exception.value);
  if (event.breadcrumbs) {
    event.breadcrumbs = event.breadcrumbs.map((crumb) => ({
      ...crumb,
      message: masked(crumb.message),
      // Breadcrumbs of outgoing calls name URLs: their paths only.
      data: crumb.data?.url ? { ...crumb.data, url: String(crumb.data.url).split("?")[0] } : crumb.data,
    }));
  }
  return event;
}

/**
 * Starts error tracking when SENTRY_DSN is set: whether it started. Loads the SDK only then.
 * @param {Record<string, string | undefined>} env
 * @param {{ role: "web" | "api" | "both" }} options
 */
export async function startErrorTracking(env, { role }) {
  const settings = errorTrackingSettings(env);
  if (!settings || shared.sdk) return Boolean(shared.sdk);
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    sampleRate: settings.sampleRate,
    sendDefaultPii: false,
    // Errors only: no performance tracing, no profiles.
    tracesSampleRate: 0,
    beforeSend: scrubEvent,
  });
  Sentry.setTag("role", role);
  shared.sdk = Sentry;
  // What is still waiting is sent before the process exits (at most 2 s of its shutdown).
  afterDrain("error tracking", () => flushErrorTracking(2000));
  return true;
}

/**
 * Reports an unexpected error (nothing when tracking is off): with the request's id, method and
 * path (no query string) to find its log line.
 * @param {unknown} error
 * @param {{ requestId?: string | null, method?: string, path?: string, source?: string }} [context]
 */
export function trackError(error, context = {}) {
  const { sdk } = shared;
  if (!sdk) return;
  sdk.withScope((/** @type {any} */ scope) => {
    if (context.requestId) scope.setTag("request_id", context.requestId);
    if (context.source) scope.setTag("source", context.source);
    if (context.method || context.path) {
      scope.setContext("request", { method: context.method, path: context.path?.split("?")[0] });
    }
    sdk.captureException(error);
  });
}

/** Sends what is waiting (at shutdown), for at most `timeoutMs`. @param {number} timeoutMs */
export async function flushErrorTracking(timeoutMs) {
  if (shared.sdk) await shared.sdk.flush(timeoutMs);
}
