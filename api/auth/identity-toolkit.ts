import { identityEnv } from "../env";
import { ApiError } from "../http/errors";

/**
 * The identity provider's REST API (Identity Toolkit; the Auth emulator locally), for what the
 * Admin SDK cannot do: check a password, exchange a custom token.
 */
const BASE = () =>
  identityEnv.emulatorHost
    ? `http://${identityEnv.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : "https://identitytoolkit.googleapis.com/v1";

export class IdentityToolkitError extends Error {
  constructor(
    /** The provider's message code, e.g. INVALID_LOGIN_CREDENTIALS. */
    readonly reason: string,
    readonly status: number,
  ) {
    super(`identity toolkit: ${reason}`);
    this.name = "IdentityToolkitError";
  }
}

export async function identityToolkit<T>(method: string, body: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BASE()}/${method}?key=${encodeURIComponent(identityEnv.apiKey)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new ApiError(503, "service_unavailable", "The identity provider cannot be reached. Try again in a moment.");
  }
  const json = (await response.json().catch(() => ({}))) as { error?: { message?: string } } & T;
  if (!response.ok) {
    throw new IdentityToolkitError(String(json.error?.message ?? "").split(/[ :]/)[0] || "UNKNOWN", response.status);
  }
  return json;
}
