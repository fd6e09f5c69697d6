import { z } from "zod";
import { siteCookie } from "~/platform/cookie.server";

/**
 * The address a sign-in link was last sent to from this browser, kept an hour (the link's own
 * lifetime) so that the link, opened here, finishes without asking for it again. Set by the
 * request's action, with or without JavaScript: a click before the page has hydrated is a native
 * post, which the script's local storage key (spec) never sees. Opened elsewhere, the page asks.
 */
const linkEmailCookie = siteCookie("linkemail", 60 * 60);

const RememberedEmail = z.string().email().max(254);

export function rememberLinkEmail(email: string): Promise<string> {
  return linkEmailCookie.serialize(email);
}

/** The address this browser asked a link for, or null (absent, expired, or not one we signed). */
export async function rememberedLinkEmail(request: Request): Promise<string | null> {
  const parsed = RememberedEmail.safeParse(await linkEmailCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** Forgets it once a sign-in has finished. */
export function forgetLinkEmail(): Promise<string> {
  return linkEmailCookie.serialize("", { maxAge: 0 });
}
