import { siteCookie } from "~/platform/cookie.server";
import { FIREBASE_CLIENT_FIELD } from "~/features/auth/firebase-client-field";

/**
 * A change that ends every session (a new password, a new email address) also revokes the
 * refresh token of the browser's Firebase client; its next refresh would fail and sign the browser
 * out. The API answers a custom token with the new session: when the form was posted by the page
 * with JavaScript (the field below), it waits here, in a short httpOnly cookie, for the next page,
 * whose root data hands it to the client once (see FirebaseResync).
 */
const resyncCookie = siteCookie("fbresync", 60);

const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/** The Set-Cookie that hands `customToken` to this browser's Firebase client, when it has one. */
export async function firebaseResyncCookie(formData: FormData, customToken: string): Promise<string | null> {
  if (formData.get(FIREBASE_CLIENT_FIELD) !== "1") return null;
  return resyncCookie.serialize(customToken);
}

/** The custom token waiting for this page, if any, and the Set-Cookie that clears it. */
export async function takeFirebaseResync(request: Request): Promise<{ token: string | null; clear: string | null }> {
  const value: unknown = await resyncCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !value) return { token: null, clear: null };
  return { token: JWT.test(value) ? value : null, clear: await resyncCookie.serialize("", { maxAge: 0 }) };
}
