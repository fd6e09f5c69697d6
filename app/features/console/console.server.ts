import { data } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { OperatorMe } from "~contract/operator/team";
import { requireUser } from "~/features/auth/session.server";
import { apiFor } from "~/platform/api.server";
import { accountSlugOf, requireHostContext } from "~/platform/host.server";
import { idParam, requireParams, routeNotFound } from "~/platform/http.server";
import { i18next } from "~/platform/i18next.server";
import type { ConsoleAbility, ConsoleRefusal } from "./console-refusal";
import { oncePerRequest } from "~/platform/per-request.server";
import { redirect } from "~/platform/redirect.server";
import { safeRedirectPath } from "~/platform/redirects";

export interface ConsoleCaller {
  me: OperatorMe;
  token: string;
  api: ReturnType<typeof apiFor>;
}

/** The console's refusal of a page, thrown: its layout's boundary says it in words (ConsoleRefusal). */
const refuse = (refusal: ConsoleRefusal, status: 403 | 404) => data(refusal, { status });

/**
 * Where a member sent to enrol (their team requires two-step sign-in, they have no second factor)
 * goes, and a platform admin without one (the admin's pages: fallback /admin): /account/security,
 * then back to the console page they asked for (its path and query; a
 * form post's page, without Remix's own `index` and `_data` parameters).
 */
export function enrolmentUrl(request: Request, fallback = "/console"): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  const page = safeRedirectPath(url.pathname + url.search, fallback);
  return `/account/security?${new URLSearchParams({ redirectUrl: page })}`;
}

/**
 * THE guard of the console's pages (the API's requireMember, seen from the web): only on an
 * operator's storefront host (the marketplace: 404); signed out → /login?redirectUrl=<the page>;
 * signed in but not (or no longer) a member of this operator's team → 404, as the API answers,
 * and the page says so and where to go; a member whose team requires two-step sign-in and who has
 * no second factor yet (403 second_factor_required) → enrolment, and back (enrolmentUrl): on
 * every page and every form post. Asked once per request: the layout and the page share the answer.
 */
export const requireConsole: (request: Request) => Promise<ConsoleCaller> = oncePerRequest(async (request) => {
  if (!accountSlugOf(requireHostContext(request))) throw await routeNotFound(request);
  const { token, user } = await requireUser(request);
  const api = apiFor(request, { token });
  try {
    return { me: await api.call("operatorMe"), token, api };
  } catch (error) {
    if (isApiError(error, "not_found")) throw refuse({ refused: "notMember", email: user.email }, 404);
    if (isApiError(error, "second_factor_required")) throw redirect(enrolmentUrl(request));
    throw error;
  }
});

/**
 * A page only some roles may open (what `operatorMe` says the role can do): the others get 403,
 * and the page says who may and where to go (they are members: the console is no secret to them).
 */
export async function requireConsoleAbility(request: Request, ability: ConsoleAbility): Promise<ConsoleCaller> {
  const caller = await requireConsole(request);
  if (!caller.me.can[ability]) throw refuse({ refused: "role", ability, role: caller.me.role }, 403);
  return caller;
}

/**
 * A page the roles without `ability` are not told of (the money page, issue 45: a guide): for
 * them the 404 page, as for an unknown address, where requireConsoleAbility says who may open it.
 */
export async function requireUnlistedConsoleAbility(request: Request, ability: ConsoleAbility): Promise<ConsoleCaller> {
  const caller = await requireConsole(request);
  if (!caller.me.can[ability]) throw await routeNotFound(request);
  return caller;
}

/**
 * The operator's money (its currency) as `operatorMe` gives it to a role that sees money; a page
 * of `ability` (one only such roles have) refuses the others as its guard would.
 */
export function moneyOf(me: OperatorMe, ability: ConsoleAbility): { currency: string } {
  if (!me.money) throw refuse({ refused: "role", ability, role: me.role }, 403);
  return me.money;
}

/** The route param of the pages of one experience (`/console/experiences/:experienceId/…`). */
export const experienceParams = { experienceId: idParam };

/** The loader's start of a console page: the caller (with the ability the page needs) and the page's words. */
export async function requireConsolePage(request: Request, ability: ConsoleAbility) {
  const [caller, t] = await Promise.all([requireConsoleAbility(request, ability), i18next.getFixedT(request)]);
  return { ...caller, t };
}

/** requireConsolePage for a page the roles without `ability` are not told of (requireUnlistedConsoleAbility). */
export async function requireUnlistedConsolePage(request: Request, ability: ConsoleAbility) {
  const [caller, t] = await Promise.all([requireUnlistedConsoleAbility(request, ability), i18next.getFixedT(request)]);
  return { ...caller, t };
}

/**
 * The loader's start of an experience's catalog pages (manageCatalog): the experience's id from
 * the route's params (else the 404 page), the caller, and the page's words.
 */
export async function requireExperiencePage(request: Request, params: Record<string, string | undefined>) {
  const [{ experienceId }, caller] = await Promise.all([
    requireParams(request, params, experienceParams),
    requireConsolePage(request, "manageCatalog"),
  ]);
  return { ...caller, experienceId };
}
