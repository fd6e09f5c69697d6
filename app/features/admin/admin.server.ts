import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { isApiError } from "~contract/errors";
import { enrolmentUrl } from "~/features/console/console.server";
import { apiFor } from "~/platform/api.server";
import { requireMarketplaceHost } from "~/platform/host.server";
import { pageNotFound } from "~/platform/http.server";
import { i18next } from "~/platform/i18next.server";
import { guardedIntentAction, type Answer, type FormSchema, type GuardedPage } from "~/platform/intent-form.server";
import { oncePerRequest } from "~/platform/per-request.server";
import { redirect } from "~/platform/redirect.server";
import { sessionTokenOf } from "~/platform/session-cookie.server";

export interface AdminCaller {
  api: ReturnType<typeof apiFor>;
  /** Whether an application waits for a decision (the nav says so). */
  applicationsWaiting: boolean;
}

/**
 * THE guard of the platform admins' pages (issue 44; the API's requirePlatformAdmin seen from the
 * web): on the marketplace host only, for a signed-in platform admin only. Everyone else — signed
 * out included: no sign-in redirect — gets the very 404 page an unknown address gets, never a hint
 * that the pages exist; the API answers them 404 too. An admin without a second factor (403
 * second_factor_required) is sent to set one up (/account/security), and back. Asked once per
 * request (the layout and the page share it); its call, the pending applications (one), also tells
 * the nav whether any wait.
 */
export const requireAdmin: (request: Request) => Promise<AdminCaller> = oncePerRequest(async (request) => {
  await requireMarketplaceHost(request);
  const token = sessionTokenOf(request);
  if (!token) throw await pageNotFound(request);
  const api = apiFor(request, { token });
  try {
    const waiting = await api.call("adminListApplications", { query: { status: "pending", limit: "1" } });
    return { api, applicationsWaiting: waiting.items.length > 0 };
  } catch (error) {
    if (isApiError(error, "not_found")) throw await pageNotFound(request);
    if (isApiError(error, "second_factor_required")) throw redirect(enrolmentUrl(request, "/admin"));
    throw error;
  }
});

/** The loader's start of an admin page: the caller and the page's words. */
export async function requireAdminPage(request: Request) {
  const [caller, t] = await Promise.all([requireAdmin(request), i18next.getFixedT(request)]);
  return { ...caller, t };
}

/**
 * THE action of an admin page: the origin (a post from another site: 403), the route's params
 * (else the 404 page), the admin guard, then the page's forms as every page's are (answerIntent:
 * which form, its rules, one call of the API, back to the page with a flash — or the API's refusal
 * on that form).
 */
export async function adminAction<F extends Record<string, FormSchema<never>>, P extends z.ZodRawShape>(
  args: ActionFunctionArgs,
  page: GuardedPage<F, AdminCaller, P>,
): Promise<Answer> {
  return guardedIntentAction(args, requireAdmin, page);
}

/** A list's filters from the address (each named one, "" when absent) and the cursor of its page. */
export function listQueryOf<N extends string>(request: Request, names: readonly N[]) {
  const url = new URL(request.url);
  const filters = Object.fromEntries(names.map((name) => [name, url.searchParams.get(name) ?? ""])) as Record<
    N,
    string
  >;
  return { filters, cursor: url.searchParams.get("cursor") || undefined };
}
