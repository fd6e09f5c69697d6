import { useState } from "react";
import type { MyReferral } from "~contract/gifts/referrals";
import { useTranslation } from "~/platform/i18n-react";
import { useHydrated } from "~/ui/use-hydrated";
import { formatPercent } from "~/ui/format";
import { CardSection } from "~/ui/labelled-section";

/** The account's invitation: code and link, with copy and (where the browser has it) share. */
export function InviteFriends({ referral }: { referral: MyReferral }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const canShare = hydrated && typeof navigator !== "undefined" && typeof navigator.share === "function";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referral.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <CardSection
      headingId="invite-heading"
      heading={t("referrals.title")}
      className="mt-8"
      data-testid="invite-friends"
    >
      <p className="mt-1 text-sm text-slate-700">
        {t("referrals.hint", { percent: formatPercent(10, i18n.language) })}
      </p>
      <p className="mt-3 text-sm">
        {t("referrals.code")}: <span className="font-mono font-semibold">{referral.code}</span>
      </p>
      <label htmlFor="invite-link" className="mt-3 block text-sm font-medium text-slate-800">
        {t("referrals.link")}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id="invite-link"
          readOnly
          value={referral.url}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => void copy()}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium"
          >
            {t("referrals.copy")}
          </button>
        ) : null}
        {canShare ? (
          <button
            type="button"
            onClick={() => void navigator.share({ url: referral.url }).catch(() => undefined)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium"
          >
            {t("referrals.share")}
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-1 text-sm text-emerald-800">
        {copied ? t("referrals.copied") : ""}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {t("referrals.stats", { invited: referral.invited, rewarded: referral.rewarded })}
      </p>
      {referral.credit.length ? (
        <p className="mt-1 text-sm text-slate-900">{t("referrals.credit", { codes: referral.credit.join(", ") })}</p>
      ) : null}
    </CardSection>
  );
}
