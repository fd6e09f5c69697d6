import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusMessage } from "~/ui/status-message";
import { GiftCardCodeForm } from "~/features/gift-cards/code-form";
import { groupGiftCardCode, normalizeGiftCardCode } from "~contract/gifts/gift-cards";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { parseWithZod, readFormData } from "~/platform/form.server";
import { CodeForm } from "~/features/gift-cards/code-form.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { NOINDEX, pageMeta } from "~/ui/meta";

/** /gift-cards: type a code to see its balance (no sign-in; the code is the way in). */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request);
  // Back from paying for a gift card (the checkout's return address).
  const bought = new URL(request.url).searchParams.get("bought") === "1";
  return { title: t("giftCards.title"), bought };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

export const headers = passHeaders;

/**
 * The typed code, normalized, names the balance page (/gift-cards/XXXX-XXXX-XXXX-XXXX), which the
 * API checks (rate-limited); a string that cannot be a code goes there too, to read the same failure.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const submission = parseWithZod(await readFormData(request), { schema: CodeForm });
  if (submission.status !== "success") return formResult(submission.reply());
  const code = normalizeGiftCardCode(submission.value.code);
  return redirect(`/gift-cards/${code ? groupGiftCardCode(code) : "invalid"}`);
}

export default function GiftCardsPage() {
  const { title, bought } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {bought ? <StatusMessage>{t("giftCards.bought")}</StatusMessage> : null}
      <p className="mt-2 text-slate-700">{t("giftCards.intro")}</p>
      <GiftCardCodeForm />
      <p className="mt-8 border-t border-slate-200 pt-4">
        <Link to="/gift-cards/buy" className="font-medium text-brand-ink underline">
          {t("giftCards.buyLink")}
        </Link>
      </p>
    </>
  );
}
