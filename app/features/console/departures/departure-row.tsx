import { Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/ui/button";
import type { OperatorDeparture } from "~contract/operator/schedules";
import { departuresQuery } from "~/features/console/departure-range";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoment } from "~/ui/date-format";
import type { DeparturesPageData } from "./departures-data";
import { CapacityForm, GuideForm } from "./departure-forms";
import { IntentForm } from "~/ui/intent-form";

export function DepartureRow({ departure, decide = false }: { departure: OperatorDeparture; decide?: boolean }) {
  const { list, range } = useLoaderData<DeparturesPageData>();
  const { t, i18n } = useTranslation();
  const when = formatMoment(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language });
  const cancelled = departure.status === "cancelled";
  const rowId = decide ? undefined : `departure-${departure.id}`;
  return (
    <li id={rowId} className="flex flex-wrap items-end justify-between gap-4 p-4" data-testid="departure">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {when}
          {list.services.length > 1 ? ` · ${departure.serviceName}` : ""}
        </p>
        <p className="text-sm text-slate-700" data-testid="departure-figures">
          {t("schedules.figures", {
            capacity: departure.capacity,
            sold: departure.seatsSold,
            held: departure.seatsHeld,
          })}{" "}
          · {t(`schedules.status_${departure.status}`)}
          {!cancelled && departure.status === "open" && !departure.onSale ? ` · ${t("schedules.salesStopped")}` : ""}
          {" · "}
          {departure.ruleId ? t("schedules.fromRule") : t("schedules.oneOff")}
        </p>
      </div>
      {cancelled ? null : (
        <div className="flex flex-wrap items-end gap-3">
          {decide ? null : <GuideForm departure={departure} when={when} />}
          {decide ? null : <CapacityForm departure={departure} />}
          {decide ? (
            <IntentForm intent="keep" values={{ departureId: departure.id }}>
              <Button aria-label={t("schedules.keepWhen", { when })}>{t("schedules.keep")}</Button>
            </IntentForm>
          ) : (
            <IntentForm
              intent="status"
              values={{ departureId: departure.id, status: departure.status === "open" ? "closed" : "open" }}
            >
              <Button
                aria-label={t(departure.status === "open" ? "schedules.closeWhen" : "schedules.reopenWhen", { when })}
              >
                {t(departure.status === "open" ? "schedules.close" : "schedules.reopen")}
              </Button>
            </IntentForm>
          )}
          <RowLink
            to={`/console/departures/${encodeURIComponent(departure.id)}/waitlist`}
            label={t("waitlist.consoleLink")}
            ariaLabel={t("waitlist.consoleLinkWhen", { when })}
          />
          {departure.bookings > 0 ? (
            <RowLink
              to={`/console/departures/${encodeURIComponent(departure.id)}/move`}
              label={t("desk.move.link")}
              ariaLabel={t("desk.move.linkWhen", { when })}
            />
          ) : null}
          <RowLink
            to={`?${departuresQuery(range, { cancel: departure.id })}#cancel-heading`}
            label={t("schedules.cancel")}
            ariaLabel={t("schedules.cancelWhen", { when })}
            danger
          />
        </div>
      )}
    </li>
  );
}

/** One of the row's links: its words, and which departure for screen readers (`ariaLabel`). */
function RowLink({ to, label, ariaLabel, danger }: { to: string; label: string; ariaLabel: string; danger?: boolean }) {
  return (
    <Link
      to={to}
      className={
        danger
          ? "rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-800"
          : "rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
      }
      aria-label={ariaLabel}
    >
      {label}
    </Link>
  );
}
