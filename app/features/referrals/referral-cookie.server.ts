import { siteCookie } from "~/platform/cookie.server";

/**
 * The invitation a visitor followed (/referral/{code}), kept 30 days through sign-up to their
 * first booking, where the API decides whether it applies.
 */
export const referralCookie = siteCookie("ref", 30 * 24 * 60 * 60);

export async function referralCodeOf(request: Request): Promise<string | undefined> {
  const value = await referralCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[0-9A-Z]{8}$/.test(value) ? value : undefined;
}
