import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { chosenAmount, TipFormSchema } from "~/features/tips/tip-form.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNotFound, orTooManyRequests } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { idParam, requireParams } from "~/platform/http.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { minorUnitDigits } from "~contract/money";

/**
 * An unknown or malformed key: the spec's 404 for a route that does not validate; past the API's
 * per-address limit, the 429 page with its Retry-After.
 */
function loadTipPage(request: Request, accessKey: string) {
  return orTooManyRequests(request, orNotFound(request, apiFor(request).call("tipPage", { params: { accessKey } })));
}

/** While a tip just paid is being confirmed, the page asks again every few seconds, this many times at most. */
const CONFIRMING_REFRESH_SECONDS = 3;
const CONFIRMING_CHECKS = 20;

/**
 * Back from paying (`?paid=1`) with the tip still pending: the page refreshes itself (a meta
 * refresh: with or without JavaScript; each load asks the provider) until the tip is paid, up to
 * CONFIRMING_CHECKS times (`check` counts them); then it says to come back later.
 */
function confirmingState(url: URL, tip: { status: "pending" | "paid" } | null) {
  const returned = url.searchParams.get("paid") === "1";
  if (!returned || tip?.status !== "pending") return { returned, refresh: null, gaveUp: false };
  const check = Math.max(0, Math.floor(Number(url.searchParams.get("check")) || 0));
  if (check >= CONFIRMING_CHECKS) return { returned, refresh: null, gaveUp: true };
  const next = `${url.pathname}?${new URLSearchParams({ paid: "1", check: String(check + 1) })}`;
  return { returned, refresh: `${CONFIRMING_REFRESH_SECONDS};url=${next}`, gaveUp: false };
}

/** A tip link from the post-trip email: no sign-in, the key is the way in. */
export async function loadGratuity({ request, params }: LoaderFunctionArgs) {
  const { accessKey } = await requireParams(request, params, { accessKey: idParam });
  const [page, t] = await Promise.all([loadTipPage(request, accessKey), i18next.getFixedT(request)]);
  return {
    page,
    ...confirmingState(new URL(request.url), page.tip),
    constraint: getZodConstraint(TipFormSchema),
    title: t("gratuity.title"),
  };
}

/** Starts the tip's checkout for the amount chosen (a preset or one typed). */
export async function startTip({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { accessKey } = await requireParams(request, params, { accessKey: idParam });
  const submission = parseWithZod(await readFormData(request), { schema: TipFormSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const api = apiFor(request);
  const page = await loadTipPage(request, accessKey);
  const amount = chosenAmount(submission.value, minorUnitDigits(page.currency));
  try {
    const started = await api.call("startTip", { params: { accessKey }, body: { amount } });
    return redirect(started.checkoutUrl);
  } catch (error) {
    return apiErrorResult(error, submission);
  }
}
