import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { NOT_NEEDED_TO_BOOK } from "~contract/identity/users";
import type { SessionUser } from "~/features/auth/session.server";
import { SECOND_STEP_PAGE } from "~/platform/route-rules.server";

/**
 * What the user still owes us (spec section 3): the API's missing data, plus 'waiver' when the
 * waiver is unsigned. Payment method is asked for at booking time, and no booking needs a postal
 * address (NOT_NEEDED_TO_BOOK): neither is asked for here. An operator named in the address
 * (`?account=`, accountParam) that does not exist is a bad link: the 404 page, not a 500.
 */
export async function missingProfileData(
  request: Request,
  token: string,
  accountSlug?: string | null,
): Promise<string[]> {
  const api = apiFor(request, { token, accountSlug });
  const [missing, waiver] = await orNotFound(
    request,
    Promise.all([
      api.call("missingData", { query: { exclude: NOT_NEEDED_TO_BOOK.join(",") } }),
      api.call("waiverStatus"),
    ]),
  );
  return waiver.isSigned ? missing.missingData : [...missing.missingData, "waiver"];
}

/**
 * Where a freshly signed-in user goes: the second step (a user with a second factor: /two-step, which
 * then asks the rest), password setup, then missing data and waiver, then their page.
 * The operator console (/console…) and the platform admins' (/admin…) ask nothing of a guest: their
 * people go straight there.
 */
export function nextStepAfterSignIn(
  user: Pick<SessionUser, "requiresPasswordSetup" | "secondStepPending">,
  missingData: string[],
  target: string,
): string {
  const back = new URLSearchParams({ redirectUrl: target }).toString();
  if (user.secondStepPending) return `${SECOND_STEP_PAGE}?${back}`;
  if (user.requiresPasswordSetup) return `/set-password?${back}`;
  if (missingData.length > 0 && !isStaffPath(target)) return `/complete-profile?${back}`;
  return target;
}

/** A page of the operator console (/console and under it). */
export function isConsolePath(target: string): boolean {
  const { pathname } = new URL(target, "http://localhost");
  return pathname === "/console" || pathname.startsWith("/console/");
}

/** A page of the operator console or of the platform admins' (/admin and under it): no guest steps on the way. */
export function isStaffPath(target: string): boolean {
  const { pathname } = new URL(target, "http://localhost");
  return isConsolePath(target) || pathname === "/admin" || pathname.startsWith("/admin/");
}
