import { useLoaderData } from "@remix-run/react";
import { paidWith } from "~/features/account/card-label";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoney } from "~/ui/format";
import { formatDate } from "~/ui/date-format";
import { useTravellerZone } from "~/ui/traveller-zone";
import { LabelledSection } from "~/ui/labelled-section";
import type { loadPayments } from "~/features/account/payments.server";

/** Tips given after trips (paid ones), newest first. */
export function TipsGiven() {
  const { tips } = useLoaderData<typeof loadPayments>();
  const { t, i18n } = useTranslation();
  const travellerZone = useTravellerZone();
  if (tips.length === 0) return null;
  return (
    <LabelledSection
      headingId="tips-heading"
      headingClassName="text-lg font-semibold"
      heading={t("paymentsPage.tips")}
      className="mt-8"
    >
      <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="tips">
        {tips.map((tip) => (
          <li key={tip.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{t("paymentsPage.tipFor", { title: tip.experienceTitle })}</span>
              <span className="block text-slate-600">
                <time dateTime={tip.paidAt}>
                  {formatDate(tip.paidAt, { timeZone: travellerZone, locale: i18n.language })}
                </time>{" "}
                · {tip.reference}
                {tip.card ? ` · ${paidWith(tip.card, t)}` : ""}
              </span>
            </span>
            <span>{formatMoney(tip.amountMinor, tip.currency, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}
