import { data } from "@remix-run/node";
import { siteCookie } from "~/platform/cookie.server";

/**
 * A one-time message that survives a redirect (post → redirect → get): a locale key in a short,
 * httpOnly cookie, read and cleared by the next page.
 */
const flashCookie = siteCookie("flash", 60);

const FLASH_KEY = /^[A-Za-z][\w.-]{0,80}$/;

export async function setFlash(key: string): Promise<string> {
  return flashCookie.serialize(key);
}

/** The message waiting for this page, if any, and the Set-Cookie that clears it. */
async function takeFlash(request: Request): Promise<{ message: string | null; clear: string | null }> {
  const value: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string") return { message: null, clear: null };
  return {
    message: FLASH_KEY.test(value) ? value : null,
    clear: await flashCookie.serialize("", { maxAge: 0 }),
  };
}

/**
 * A page's data with the message waiting for it (`flash`: a locale key, or null) and the
 * Set-Cookie that clears it: the loader's answer of a page that a post redirects to with setFlash.
 */
export async function withFlash<T extends object>(request: Request, page: T) {
  const { message, clear } = await takeFlash(request);
  return data({ ...page, flash: message }, { headers: clear ? { "Set-Cookie": clear } : {} });
}
