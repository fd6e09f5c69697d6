import { data } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { OperatorMe } from "~contract/operators";
import { requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { accountSlugOf, requireHostContext } from "~/platform/host.server";
import { routeNotFound } from "~/platform/http.server";
import { oncePerRequest } from "~/platform/per-request.server";

export interface ConsoleCaller {
  me: OperatorMe;
  token: string;
  api: ReturnType<typeof apiFor>;
}

/**
 * THE guard of the console's pages (the API's requireMember, seen from the web): only on an
 * operator's storefront host (the marketplace: 404); signed out → /login?redirectUrl=<the page>;
 * signed in but not a member of this operator's team → the 404 page (the console never says it
 * exists). Asked once per request: the layout and the page share the answer.
 */
export const requireConsole: (request: Request) => Promise<ConsoleCaller> = oncePerRequest(async (request) => {
  if (!accountSlugOf(requireHostContext(request))) throw await routeNotFound(request);
  const { token } = await requireUser(request);
  const api = apiFor(request, { token });
  try {
    return { me: await api.call("operatorMe"), token, api };
  } catch (error) {
    if (isApiError(error, "not_found")) throw await routeNotFound(request);
    throw error;
  }
});

/**
 * A page only some roles may open (what `operatorMe` says the role can do): the others get 403
 * (they are members: the console is no secret to them).
 */
export async function requireConsoleAbility(
  request: Request,
  ability: keyof OperatorMe["can"],
): Promise<ConsoleCaller> {
  const caller = await requireConsole(request);
  if (!caller.me.can[ability]) throw data("Forbidden", { status: 403 });
  return caller;
}
