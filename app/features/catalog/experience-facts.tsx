import { useTranslation } from "~/platform/i18n-react";
import { DurationText } from "~/ui/duration-text";

/**
 * What a guest checks first, under the title on every width: the from-price (per adult when
 * there are adult tickets), the cancellation rule in one line, and how long it lasts.
 */
export function ExperienceFacts({
  price,
  cutoffHours,
  durationMinutes,
}: {
  price: { amount: string; perAdult: boolean } | null;
  cutoffHours: number;
  durationMinutes: number;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" data-testid="experience-facts">
      {price ? (
        <li>
          <span className="text-base font-bold text-brand-ink">
            {t("details.fromPrice")} {price.amount}
          </span>{" "}
          {t(price.perAdult ? "details.perAdult" : "details.perPerson")}
        </li>
      ) : null}
      <li>{t("bookings.cancelHint", { hours: cutoffHours })}</li>
      <li>
        {t("details.duration")}: <DurationText minutes={durationMinutes} />
      </li>
    </ul>
  );
}
