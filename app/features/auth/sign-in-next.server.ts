import { apiFor } from "~/platform/api.server";
import type { SessionUser } from "~/features/auth/session.server";

/**
 * What the user still owes us (spec section 3): the API's missing data, plus 'waiver' when the
 * waiver is unsigned. Payment method is asked for at booking time, not here.
 */
export async function missingProfileData(
  request: Request,
  token: string,
  accountSlug?: string | null,
): Promise<string[]> {
  const api = apiFor(request, { token, accountSlug });
  const [missing, waiver] = await Promise.all([
    api.call("missingData", { query: { exclude: "paymentMethod" } }),
    api.call("waiverStatus"),
  ]);
  return waiver.isSigned ? missing.missingData : [...missing.missingData, "waiver"];
}

/** Where a freshly signed-in user goes: password setup, then missing data and waiver, then their page. */
export function nextStepAfterSignIn(user: SessionUser, missingData: string[], target: string): string {
  const back = new URLSearchParams({ redirectUrl: target }).toString();
  if (user.requiresPasswordSetup) return `/set-password?${back}`;
  if (missingData.length > 0) return `/complete-profile?${back}`;
  return target;
}
