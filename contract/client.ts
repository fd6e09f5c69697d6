/**
 * The one client of the v1 API, derived from the endpoint table (./endpoints.ts):
 * `api.call("cancelBooking", { params: { id } })` is typed by its endpoint and answers the
 * envelope's `data`; a failure throws the one `ApiError`.
 *
 * HTTP semantics of spec section 7: a Bearer token when there is one, X-Account-Context in
 * account mode, JSON bodies for PATCH/POST/PUT/DELETE, and retries (0 for those methods, 1 for
 * others) on 408, 409, 425, 429, 500, 502, 503, 504. The transport is injected: in-process (the
 * Hono app's fetch) or HTTP (global fetch).
 */
import { ACCOUNT_CONTEXT_HEADER } from "./catalog/accounts";
import { fillPath, type Endpoint, type HttpMethod, type InputOf, type OutputOf } from "./endpoint";
import { endpoints, type EndpointName, type Endpoints } from "./endpoints";
import { ApiError, type ErrorEnvelope } from "./errors";

export type Transport = (request: Request) => Promise<Response>;

/**
 * Answers the caller keeps (the web's read cache), asked before a GET is even built into a
 * Request, with the endpoint's declaration (what its answer depends on: `dependsOn`). `open`
 * answers with a kept body; or one that another call is fetching right now (`pending`, null if
 * that call got no 200); or `keep`, which this call must call once with the body it got (null if
 * none); or null when the call is not one it keeps. Bodies are text, parsed for each caller.
 */
export interface ReadCache {
  open(
    url: URL,
    headers: Headers,
    declared: Endpoint,
  ): { kept: string } | { pending: Promise<string | null> } | { keep(body: string | null): void } | null;
}

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function defaultRetries(method: HttpMethod): number {
  return BODY_METHODS.has(method) ? 0 : 1;
}

export type ApiClientOptions = {
  transport: Transport;
  baseUrl: string;
  token?: string | null;
  accountSlug?: string | null;
  /** Extra headers on every call (request id, client address). */
  headers?: Record<string, string>;
  /** Pause between attempts, in ms (tests use 0). */
  retryDelayMs?: number;
  /** Sees every failure before it is thrown (and may throw something else instead). */
  onError?: (error: ApiError) => void;
  readCache?: ReadCache;
};

export type CallOptions = { retries?: number; signal?: AbortSignal };

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const { transport, baseUrl, token, accountSlug, retryDelayMs = 100 } = options;

  function describe(name: EndpointName, input: Record<string, unknown>) {
    const { method, path, bodyMedia } = endpoints[name] as Endpoint;
    const url = new URL(fillPath(path, input.params as Record<string, unknown> | undefined), baseUrl);
    for (const [key, value] of Object.entries((input.query as Record<string, unknown>) ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    const headers = new Headers(options.headers);
    for (const [header, value] of Object.entries((input.headers as Record<string, string>) ?? {})) {
      headers.set(header, value);
    }
    headers.set("Accept", "application/json");
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (accountSlug) headers.set(ACCOUNT_CONTEXT_HEADER, accountSlug);
    let body: string | FormData | undefined;
    if (BODY_METHODS.has(method) && bodyMedia === "multipart/form-data") {
      // An upload: its fields as a form (fetch writes the Content-Type with its boundary).
      body = formOf((input.body ?? {}) as Record<string, unknown>);
    } else if (BODY_METHODS.has(method)) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(input.body ?? {});
    }
    return { url, headers, body };
  }

  async function call<N extends EndpointName>(
    name: N,
    ...[input, callOptions]: Record<string, never> extends InputOf<Endpoints[N]>
      ? [input?: InputOf<Endpoints[N]>, options?: CallOptions]
      : [input: InputOf<Endpoints[N]>, options?: CallOptions]
  ): Promise<OutputOf<Endpoints[N]>> {
    const declared: Endpoint = endpoints[name];
    const method = declared.method;
    const retries = callOptions?.retries ?? defaultRetries(method);
    const signal = callOptions?.signal;
    const { url, headers, body } = describe(name, (input ?? {}) as Record<string, unknown>);
    const slot = method === "GET" ? (options.readCache?.open(url, headers, declared) ?? null) : null;
    if (slot && "kept" in slot) return dataOf(slot.kept) as OutputOf<Endpoints[N]>;
    if (slot && "pending" in slot) {
      const shared = await slot.pending;
      if (shared !== null) return dataOf(shared) as OutputOf<Endpoints[N]>;
    }
    const keep = slot && "keep" in slot ? slot.keep : null;
    let kept: string | null = null;
    try {
      for (let attempt = 0; ; attempt++) {
        let response: Response;
        try {
          response = await transport(new Request(url, { method, headers, body, signal }));
        } catch (error) {
          if (attempt < retries && !signal?.aborted) {
            await pause(retryDelayMs * (attempt + 1));
            continue;
          }
          const unreachable = new ApiError(503, "network_error", `The API could not be reached: ${String(error)}`);
          options.onError?.(unreachable);
          throw unreachable;
        }
        if (response.ok) {
          const text = await response.text();
          if (response.status === 200) kept = text;
          return dataOf(text) as OutputOf<Endpoints[N]>;
        }
        if (RETRY_STATUSES.has(response.status) && attempt < retries) {
          await response.body?.cancel();
          await pause(retryDelayMs * (attempt + 1));
          continue;
        }
        const envelope = (parseJson(await response.text()) ?? {}) as Partial<ErrorEnvelope>;
        const retryAfter = response.headers.get("Retry-After");
        const error = new ApiError(
          response.status,
          envelope.error?.code ?? "http_error",
          envelope.error?.message ?? (response.statusText || `HTTP ${response.status}`),
          envelope.error?.fields,
          retryAfter ? { "Retry-After": retryAfter } : undefined,
          envelope.requestId ?? response.headers.get("X-Request-Id") ?? undefined,
        );
        if (envelope.error?.details) error.details = envelope.error.details;
        options.onError?.(error);
        throw error;
      }
    } finally {
      keep?.(kept);
    }
  }

  return { call };
}

/** A multipart body: each field's text, or its file (a Blob; a File keeps its name). */
function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : "upload");
    else form.append(name, String(value));
  }
  return form;
}

/** The envelope's `data` of a success body. */
function dataOf(text: string): unknown {
  return (parseJson(text) as { data?: unknown } | null)?.data;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function pause(ms: number) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
