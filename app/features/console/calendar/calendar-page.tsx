import { Link, useLoaderData } from "@remix-run/react";
import { CALENDAR_VIEWS, type CalendarView } from "~contract/operator/calendar-views";
import { useTranslation } from "~/platform/i18n-react";
import { formatCalendarDay } from "~/ui/date-format";
import { AlertMessage } from "~/ui/status-message";
import { DeparturesTable } from "../home/departures-table";
import type { loader } from "./calendar.server";

const PATH = "/console/calendar";
const linkClass = "font-medium text-brand-ink underline";
const href = (view: CalendarView, from: string) => `${PATH}?view=${view}&from=${from}`;

/**
 * The calendar: a heading and a table per day (every departure with seats sold, check-ins and the
 * guide), the views and the previous and next ones as plain links: it all works without
 * JavaScript, and on a phone each day is its own section whose table scrolls on its own.
 */
export function CalendarPage() {
  const { calendar, refused, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const day = (date: string, style: "medium" | "full" = "full") =>
    formatCalendarDay(date, { locale: i18n.language, style });
  const { view } = calendar;
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {refused ? <AlertMessage>{t("desk.calendar.refused")}</AlertMessage> : null}
      <p className="mt-2 text-sm text-slate-700" data-testid="calendar-range">
        {t("desk.calendar.range", { from: day(calendar.from, "medium"), to: day(calendar.to, "medium") })}
      </p>
      <nav aria-label={t("desk.calendar.views")} className="mt-3 flex flex-wrap gap-4 text-sm">
        {CALENDAR_VIEWS.map((each) => (
          <Link
            key={each}
            to={href(each, calendar.from)}
            aria-current={each === view ? "page" : undefined}
            className={each === view ? "font-bold text-brand-ink" : linkClass}
          >
            {t(`desk.calendar.view_${each}`)}
          </Link>
        ))}
      </nav>
      <nav aria-label={t("desk.calendar.pages")} className="mt-2 flex flex-wrap gap-4 text-sm">
        <Link to={href(view, calendar.previous)} rel="prev" className={linkClass}>
          {t(`desk.calendar.previous_${view}`)}
        </Link>
        <Link to={href(view, calendar.today)} className={linkClass}>
          {t("desk.calendar.today")}
        </Link>
        <Link to={href(view, calendar.next)} rel="next" className={linkClass}>
          {t(`desk.calendar.next_${view}`)}
        </Link>
      </nav>
      <ol className="mt-4 space-y-6" data-testid="calendar-days">
        {calendar.days.map((each) => (
          <li key={each.date} data-testid="calendar-day" data-date={each.date}>
            <section aria-labelledby={`day-${each.date}`}>
              <h2 id={`day-${each.date}`} className="text-lg font-semibold text-brand-ink">
                {day(each.date)}
                {each.date === calendar.today ? ` · ${t("desk.calendar.todayMark")}` : ""}
              </h2>
              <DeparturesTable
                departures={each.departures}
                caption={t("desk.calendar.dayCaption", { day: day(each.date) })}
                empty={t("desk.calendar.noDepartures")}
                manifestDate={each.date}
                testId="calendar-departures"
              />
            </section>
          </li>
        ))}
      </ol>
    </>
  );
}
