import { apiFor } from "~/lib/api.server";
import type { SessionUser } from "~/lib/session.server";

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
    api.get<{ data: { missingData: string[] } }>("/v1/user/missing-data", { query: { exclude: "paymentMethod" } }),
    api.get<{ data: { isSigned: boolean } }>("/v1/user/waiver/status"),
  ]);
  return waiver.data.isSigned ? missing.data.missingData : [...missing.data.missingData, "waiver"];
}

/** Where a freshly signed-in user goes: password setup, then missing data and waiver, then their page. */
export async function nextStepAfterSignIn(request: Request, user: SessionUser, target: string, token: string) {
  const back = new URLSearchParams({ redirectUrl: target }).toString();
  if (user.requiresPasswordSetup) return `/set-password?${back}`;
  const missing = await missingProfileData(request, token);
  if (missing.length > 0) return `/complete-profile?${back}`;
  return target;
}
