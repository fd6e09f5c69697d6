import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiTransport, clientAddressHeaders, forgetWhatChanged } from "~/platform/api.server";
import { CONNECTION_ADDRESS_HEADER } from "~runtime/edge-headers.mjs";
import { config } from "~/platform/config.server";
import { requireHostContext } from "~/platform/host.server";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "~/platform/http.server";
import { errorFields, logger } from "~/platform/logger.server";

/** Hop-by-hop headers are the connection's, not the message's: never forwarded. */
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer"];

/**
 * The v1 API at /v1 on the web's origin. In one process the request goes to the API's fetch
 * handler as is; in split mode (API_BASE_URL) it is forwarded to the API, streaming both ways,
 * with method, headers (the Host stays the browser's, in X-Forwarded-Host; the connection's
 * address appended to X-Forwarded-For) and status kept.
 */
async function handle({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  requireHostContext(request);
  if (!config.API_BASE_URL) return apiTransport(request);
  const incoming = new URL(request.url);
  const target = new URL(incoming.pathname + incoming.search, config.API_BASE_URL);
  const headers = new Headers(request.headers);
  for (const name of [...HOP_BY_HOP, CONNECTION_ADDRESS_HEADER]) headers.delete(name);
  // The web is a proxy in front of the API: the address it saw goes on X-Forwarded-For.
  for (const [name, value] of Object.entries(clientAddressHeaders(request.headers))) headers.set(name, value);
  headers.set("X-Forwarded-Host", incoming.host);
  headers.set("X-Forwarded-Proto", incoming.protocol.replace(":", ""));
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  let answer: Response;
  try {
    answer = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      signal: request.signal,
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch (error) {
    // The API cannot be reached (down, refused, reset): the envelope's 503, not a 500 of ours.
    logger.warn({ err: errorFields(error), path: incoming.pathname }, "the API could not be reached");
    return Response.json(
      {
        error: {
          code: "service_unavailable",
          message: "The API is not available right now. Please try again in a moment.",
        },
        requestId: request.headers.get("X-Request-Id") ?? "",
      },
      {
        status: 503,
        headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
      },
    );
  }
  forgetWhatChanged(answer);
  const answerHeaders = new Headers(answer.headers);
  for (const name of [...HOP_BY_HOP, "content-encoding", "content-length"]) answerHeaders.delete(name);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answerHeaders });
}

export const loader = handle;
export const action = handle;
