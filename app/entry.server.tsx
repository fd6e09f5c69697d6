import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { TranslationProvider } from "~/platform/i18n-react";
import { DEFAULT_LOCALE_HINT } from "~/platform/i18n";
import { i18next, translationFor } from "~/platform/i18next.server";
import { registerMetaTranslation } from "~/platform/meta-translation";
import { applyRoutePermissions, applySecurityHeaders } from "~/platform/security-headers.server";
import { contentSecurityPolicy, newNonce } from "~/platform/csp.server";
import { applyCachePolicy } from "~/platform/cache-policy.server";
import { applyRetryAfter } from "~/platform/http.server";
import { NonceProvider } from "~/platform/nonce";
import { startInProcessApi } from "~/platform/api.server";
import { followApiChanges } from "~/platform/api-change-feed.server";
import { errorFields, errorLogLine, logger } from "~/platform/logger.server";
import { trackError } from "~runtime/error-tracking.mjs";
import { nameRoute } from "~runtime/request-id.mjs";
import { RequestIdProvider } from "~/platform/request-id";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const lng = await i18next.getLocale(request);
  const translation = translationFor(lng);
  registerMetaTranslation(lng, translation.t);

  const rootData = remixContext.staticHandlerContext.loaderData?.root as { noindex?: boolean } | undefined;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Language", lng === "en" ? DEFAULT_LOCALE_HINT : lng);
  if (rootData?.noindex) responseHeaders.set("X-Robots-Tag", "noindex");
  applySecurityHeaders(responseHeaders);
  const matches = remixContext.staticHandlerContext.matches;
  const routeId = matches.at(-1)?.route.id;
  if (routeId) nameRoute(routeId);
  applyRoutePermissions(responseHeaders, routeId);
  applyCachePolicy(request, responseHeaders, { status: responseStatusCode, routeId });
  applyRetryAfter(responseStatusCode, responseHeaders);
  const nonce = newNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  // Crawlers and SPA-mode get the whole document at once; browsers get the shell as soon as it is ready.
  const wholeDocument = isbot(request.headers.get("user-agent") ?? "");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render still waiting on data after the stream timeout; cleared once all is rendered,
    // so a finished page's render state is not kept alive by a pending timer.
    const timeout = setTimeout(() => abort(), streamTimeout + 1_000);
    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RequestIdProvider value={renderedRequest(request)}>
          <TranslationProvider value={translation}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </TranslationProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!wholeDocument) send();
        },
        onAllReady() {
          clearTimeout(timeout);
          if (wholeDocument) send();
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: errorFields(error) }, "render failed");
        },
      },
    );
  });
}

/** The request's id for the error page's reference (the edge gave every request one). */
function renderedRequest(request: Request) {
  const requestId = request.headers.get("X-Request-Id");
  const url = new URL(request.url);
  return requestId ? { requestId, href: url.pathname + url.search } : null;
}

export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applySecurityHeaders(response.headers);
  applyCachePolicy(request, response.headers, { status: response.status, routeId: undefined });
  applyRetryAfter(response.status, response.headers);
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const line = errorLogLine(error);
  const where = { requestId: request.headers.get("X-Request-Id"), path: new URL(request.url).pathname };
  logger[line.level]({ ...line.fields, ...where }, line.message);
  if (line.level === "error") trackError(error, { ...where, method: request.method, source: "web" });
}

// Open the database (migrations, demo data when empty) as the server starts, not on the first request.
void startInProcessApi();
// What any process of the API changes reaches this one's caches (the micro-cache, the read cache).
followApiChanges();
