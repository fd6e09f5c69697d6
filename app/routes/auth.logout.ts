import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { readFormData } from "~/platform/form.server";
import { safeRedirectPath } from "~/platform/redirects";
import { destroySession } from "~/features/auth/session.server";
import { SIGN_OUT_EVERYWHERE_FIELD } from "~/features/auth/logout-form";
import { setFlash } from "~/platform/flash.server";
import { SECURITY_PAGE } from "~/features/account/security-path";

/**
 * Sign out (a form post): this browser's session ends, or every session of the user when the
 * form says so ("Sign out on all devices"); the cookie is cleared and the user goes home, or
 * where the form says (`redirectUrl`, a path of this site: "sign in with another account"). When
 * the other devices could not be signed out, nothing is cleared and the security page says so.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request);
  const clear = await destroySession(request, { everywhere: formData.get(SIGN_OUT_EVERYWHERE_FIELD) === "1" });
  // The other devices could not be signed out: still signed in here, the security page says so.
  if (!clear)
    return redirect(SECURITY_PAGE, {
      headers: { "Set-Cookie": await setFlash("security.signOutEverywhereFailed"), "Cache-Control": "no-store" },
    });
  const next = safeRedirectPath(formData.get("redirectUrl"));
  return redirect(next, { headers: { "Set-Cookie": clear, "Cache-Control": "no-store" } });
}

export function loader() {
  return redirect("/");
}
