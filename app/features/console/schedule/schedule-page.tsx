import { Link, useLoaderData } from "@remix-run/react";
import { ExperienceNav } from "~/features/console/experience-nav";
import { NeedsDecision } from "~/features/console/needs-decision";
import { useTranslation } from "~/platform/i18n-react";
import { formatMoment } from "~/ui/date-format";
import { StatusMessage } from "~/ui/status-message";
import type { SchedulePageData } from "./schedule-data";
import { ScheduleForm, savedScheduleKey } from "./schedule-form";
import { OneOffForm } from "./one-off-form";

export function SchedulePage() {
  const { schedule, outcome } = useLoaderData<SchedulePageData>();
  const { t, i18n } = useTranslation();
  const { experience, service } = schedule;
  return (
    <>
      <ExperienceNav experienceId={experience.id} title={experience.title} />
      <h1 className="text-2xl font-bold text-brand-ink">{t("schedules.scheduleTitle", { title: experience.title })}</h1>
      {outcome ? (
        <StatusMessage>
          {[
            t("schedules.created", { count: outcome.created }),
            t("schedules.removed", { count: outcome.removed }),
            outcome.kept ? t("schedules.kept", { count: outcome.kept }) : null,
          ]
            .filter(Boolean)
            .join(" ")}
        </StatusMessage>
      ) : null}
      {schedule.services.length > 1 ? (
        <nav aria-label={t("schedules.servicesLabel")} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {schedule.services.map((item) => (
              <li key={item.id}>
                <Link
                  to={`?service=${encodeURIComponent(item.id)}`}
                  aria-current={item.id === service?.id ? "page" : undefined}
                  className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm aria-[current=page]:border-brand aria-[current=page]:font-semibold"
                >
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {!service ? (
        <p className="mt-6 text-slate-700">{t("schedules.noServices")}</p>
      ) : (
        <>
          {schedule.needsDecision.length ? (
            <NeedsDecision>
              <ul className="mt-2 list-disc pl-5 text-sm">
                {schedule.needsDecision.map((departure) => (
                  <li key={departure.id}>
                    {formatMoment(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language })} —{" "}
                    {t("schedules.bookingsCount", { count: departure.bookings })}
                  </li>
                ))}
              </ul>
              <Link
                to={`/console/experiences/${encodeURIComponent(experience.id)}/departures?service=${encodeURIComponent(service.id)}`}
                className="mt-2 inline-block font-semibold text-brand-ink underline"
              >
                {t("schedules.decideOnDepartures")}
              </Link>
            </NeedsDecision>
          ) : null}
          {/* A saved change gives the form new defaults: it starts again from them (the new rule's block too). */}
          <ScheduleForm key={`${service.id}:${savedScheduleKey(schedule)}`} />
          <OneOffForm key={`one-off-${service.id}`} />
        </>
      )}
    </>
  );
}
