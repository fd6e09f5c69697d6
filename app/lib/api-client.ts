/**
 * The one client for the v1 API, with the spec's HTTP semantics (section 7):
 * a Bearer token when there is one, X-Account-Context in account mode, JSON bodies for
 * PATCH/POST/PUT/DELETE, and retries (0 for those methods, 1 for others) on
 * 408, 409, 425, 429, 500, 502, 503, 504.
 * The transport is injected: in-process (the Hono app's fetch) or HTTP (global fetch).
 */
export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Transport = (request: Request) => Promise<Response>;

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function defaultRetries(method: HttpMethod): number {
  return BODY_METHODS.has(method) ? 0 : 1;
}

export type ApiErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string[]> };
  requestId?: string;
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
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
};

export type RequestOptions = {
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  retries?: number;
  suppressAuth?: boolean;
  signal?: AbortSignal;
  /** Headers for this call only (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
};

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const { transport, baseUrl, token, accountSlug, retryDelayMs = 100 } = options;

  function buildRequest(method: HttpMethod, path: string, opts: RequestOptions): Request {
    const url = new URL(path, baseUrl);
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    const headers = new Headers(options.headers);
    for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
    headers.set("Accept", "application/json");
    if (token && !opts.suppressAuth) headers.set("Authorization", `Bearer ${token}`);
    if (accountSlug) headers.set("X-Account-Context", accountSlug);
    let body: string | undefined;
    if (BODY_METHODS.has(method)) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(opts.body ?? {});
    }
    return new Request(url, { method, headers, body, signal: opts.signal });
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    const retries = opts.retries ?? defaultRetries(method);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await transport(buildRequest(method, path, opts));
      } catch (error) {
        if (attempt < retries && !opts.signal?.aborted) {
          await pause(retryDelayMs * (attempt + 1));
          continue;
        }
        throw new ApiError(503, "network_error", `The API could not be reached: ${String(error)}`);
      }
      if (response.ok) return (await readJson(response)) as T;
      if (RETRY_STATUSES.has(response.status) && attempt < retries) {
        await response.body?.cancel();
        await pause(retryDelayMs * (attempt + 1));
        continue;
      }
      const body = ((await readJson(response)) ?? {}) as ApiErrorBody;
      throw new ApiError(
        response.status,
        body.error?.code ?? "http_error",
        body.error?.message ?? response.statusText ?? `HTTP ${response.status}`,
        body.error?.fields,
        body.requestId ?? response.headers.get("X-Request-Id") ?? undefined,
      );
    }
  }

  return {
    request,
    get: <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("POST", path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PUT", path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PATCH", path, { ...opts, body }),
    delete: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("DELETE", path, { ...opts, body }),
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
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
