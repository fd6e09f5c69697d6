import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { pageOf } from "~/platform/http.server";
import { addGiftCardToWallet } from "~/features/gift-cards/wallet.server";
import { ADD_GIFT_CARD_INTENT } from "~/features/gift-cards/wallet";

/** Saved cards, then payments made for bookings (paid, refunded), newest first, each with its receipt. */
export async function loadPayments({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const api = apiFor(request, { token });
  const [payments, cards, tips, giftCards, t] = await Promise.all([
    api.call("payments", { query: { page: pageOf(request) } }),
    api.call("savedCards"),
    api.call("myTips"),
    api.call("myGiftCards"),
    i18next.getFixedT(request),
  ]);
  return withFlash(request, { payments, cards, tips, giftCards, title: t("account.payments") });
}

/** Make a saved card the default, or forget it: native posts, then back here with a message. */
export async function paymentsAction({ request }: ActionFunctionArgs) {
  const CardSchema = z.object({
    intent: z.enum(["default", "remove"]),
    id: z.string().max(80),
  });
  requireSameOrigin(request);
  const token = await requireToken(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === ADD_GIFT_CARD_INTENT) return addGiftCardToWallet(request, token, formData);
  const submission = parseWithZod(formData, { schema: CardSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const { intent, id } = submission.value;
  try {
    const api = apiFor(request, { token });
    if (intent === "default") await api.call("setDefaultCard", { params: { id } });
    else await api.call("removeCard", { params: { id } });
  } catch (error) {
    // A card id the API cannot read is no card of theirs either.
    return apiErrorResult(error, submission, {
      codes: { validation_error: { key: "apiErrors.payment_method_not_found" } },
    });
  }
  const url = new URL(request.url);
  throw redirect(url.pathname + url.search, {
    headers: { "Set-Cookie": await setFlash(intent === "default" ? "cards.madeDefault" : "cards.removed") },
  });
}
