import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { destroySession } from "~/features/auth/session.server";

/** Sign out (a form post): revoke refresh tokens, clear the session cookie, go home. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const clear = await destroySession(request);
  return redirect("/", { headers: { "Set-Cookie": clear, "Cache-Control": "no-store" } });
}

export function loader() {
  return redirect("/");
}
