import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/ui/button";
import type { OperatorDeparture } from "~contract/operator/schedules";
import { departuresQuery } from "~/features/console/departure-range";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoment } from "~/ui/date-format";
import type { DeparturesPageData } from "./departures-data";
import { IntentForm } from "~/ui/intent-form";

/** The cancel step: how many guests will be refunded and told, then the confirming button. */
export function CancelStep({ departure }: { departure: OperatorDeparture }) {
  const { range } = useLoaderData<DeparturesPageData>();
  const { t, i18n } = useTranslation();
  const when = formatMoment(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language });
  return (
    <section aria-labelledby="cancel-heading" className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4">
      <h2 id="cancel-heading" className="text-lg font-semibold text-red-900" tabIndex={-1}>
        {t("schedules.cancelHeading", { when })}
      </h2>
      <p className="mt-1 text-sm text-slate-900">{t("schedules.cancelConsequence", { count: departure.bookings })}</p>
      {/* flex-wrap: "Confirm it's you" (after the form, when cancelling needs the fresh check) takes a row of its own. */}
      <div className="mt-3 flex flex-wrap gap-3">
        <IntentForm intent="cancel" values={{ departureId: departure.id }}>
          <Button variant="dangerSolid">{t("schedules.confirmCancel")}</Button>
        </IntentForm>
        <Link
          to={`?${departuresQuery(range)}`}
          className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
        >
          {t("schedules.keepIt")}
        </Link>
      </div>
    </section>
  );
}
