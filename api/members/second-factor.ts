import { ApiError } from "../http/errors";

/**
 * Who must have a second factor (a confirmed authenticator app or a passkey: users.second_factor_enabled)
 * before they may act, in one place (issue 43):
 * - a member of an operator whose owner requires two-step sign-in (accounts.require_two_step), on
 *   every console endpoint (the member guard, ./guard.ts);
 * - a platform admin (users.is_platform_admin), always: the admin guard of issue 44 calls
 *   `requirePlatformAdminSecondFactor` (nothing else calls it yet).
 * Without one the caller may reach only enrolment (/account/security): 403 `second_factor_required`.
 */
export const secondFactorRequired = (message = "Set up two-step sign-in to continue.") =>
  new ApiError(403, "second_factor_required", message);

/** Whether a member of `account` without a second factor is kept out of its console. */
export const teamLacksSecondFactor = (
  account: { requireTwoStep: boolean },
  user: { secondFactorEnabled: boolean },
): boolean => account.requireTwoStep && !user.secondFactorEnabled;

/** Whether `user`, a platform admin, is kept out of the admin's pages until they have a second factor. */
export const platformAdminLacksSecondFactor = (user: {
  isPlatformAdmin: boolean;
  secondFactorEnabled: boolean;
}): boolean => user.isPlatformAdmin && !user.secondFactorEnabled;

/**
 * The platform admins' rule (issue 44's guard, after it has found the caller is an admin: a
 * non-admin is its own 404): an admin without a second factor is refused, 403 `second_factor_required`.
 */
export function requirePlatformAdminSecondFactor(user: { isPlatformAdmin: boolean; secondFactorEnabled: boolean }) {
  if (platformAdminLacksSecondFactor(user))
    throw secondFactorRequired("Platform admins need two-step sign-in: set it up to continue.");
}
