import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { apiFor } from "~/platform/api.server";
import { orNotFound } from "~/platform/api-errors.server";
import { requireParams } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { referralCookie } from "~/features/referrals/referral-cookie.server";
import { getSession } from "~/features/auth/session.server";
import { useRootData } from "~/platform/root-data";
import { z } from "~/platform/form.server";
import { formatMoney, formatPercent } from "~/ui/format";
import { NOINDEX, pageMeta } from "~/ui/meta";

/**
 * An invitation link: who invites (first name) and the offer. The code is remembered (a cookie,
 * 30 days) through sign-up to the first booking, where the API applies it. A signed-in inviter
 * opening their own link is told so, and how to share it (nothing is remembered).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { code } = await requireParams(request, params, { code: z.string().regex(/^[A-Za-z0-9]{1,64}$/) });
  const normalized = code.toUpperCase();
  const { token } = await getSession(request);
  const [invite, t] = await Promise.all([
    orNotFound(request, apiFor(request, { token }).call("referralInvite", { params: { code: normalized } })),
    i18next.getFixedT(request),
  ]);
  return data(
    { invite, title: t(invite.own ? "referral.ownTitle" : "referral.title") },
    invite.own ? {} : { headers: { "Set-Cookie": await referralCookie.serialize(normalized) } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data, [NOINDEX]);

export default function ReferralPage() {
  const { invite, title } = useLoaderData<typeof loader>();
  const signedIn = Boolean(useRootData()?.user);
  const { t, i18n } = useTranslation();
  const offer = {
    percent: formatPercent(invite.offer.percentOff, i18n.language),
    max: formatMoney(invite.offer.maxDiscountMinor, "USD", i18n.language).replace(/^\D+/, ""),
  };
  if (invite.own) {
    return (
      <>
        <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
        <p className="mt-3 text-lg text-slate-900" data-testid="referral-invite">
          {t("referral.own", offer)}
        </p>
        <p className="mt-2 text-sm text-slate-700">{t("referral.ownHow")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/account#invite-heading" className="rounded-md bg-brand px-4 py-2.5 font-semibold text-white">
            {t("referral.ownShare")}
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-3 text-lg text-slate-900" data-testid="referral-invite">
        {t("referral.invites", { name: invite.firstName })}
      </p>
      <p className="mt-2 font-semibold text-emerald-800">{t("referral.offer", offer)}</p>
      <p className="mt-2 text-sm text-slate-700">{t("referral.how")}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className="rounded-md bg-brand px-4 py-2.5 font-semibold text-white">
          {t("referral.browse")}
        </Link>
        {signedIn ? null : (
          <Link to="/login?view=signup" className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold">
            {t("referral.signUp")}
          </Link>
        )}
      </div>
    </>
  );
}
