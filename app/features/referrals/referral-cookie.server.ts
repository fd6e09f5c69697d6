import { createCookie } from "@remix-run/node";
import { config } from "~/platform/config.server";

/**
 * The invitation a visitor followed (/referral/{code}), kept 30 days through sign-up to their
 * first booking, where the API decides whether it applies.
 */
export const referralCookie = createCookie("ref", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: config.production,
  maxAge: 30 * 24 * 60 * 60,
});

export async function referralCodeOf(request: Request): Promise<string | undefined> {
  const value = await referralCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[0-9A-Z]{8}$/.test(value) ? value : undefined;
}
