import { ApiError, serviceUnavailable } from "../http/errors";
import { errorFields, logger } from "../logger";

/** The firebase-admin error code of `error`, or "". */
export function identityErrorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/**
 * Calls the identity provider; a provider that cannot be reached or fails becomes a 503,
 * and the codes listed in `expected` become the ApiError they map to. Anything else is
 * rethrown (a 500, logged).
 */
export async function callIdentity<T>(fn: () => Promise<T>, expected: Record<string, () => ApiError> = {}): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const code = identityErrorCode(error);
    const mapped = expected[code];
    if (mapped) throw mapped();
    if (code.startsWith("app/") || code === "auth/internal-error") {
      logger.error({ code, err: errorFields(error) }, "identity provider call failed");
      throw serviceUnavailable("The identity service is temporarily unavailable.");
    }
    throw error;
  }
}
