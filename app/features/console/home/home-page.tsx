import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { OperatorHome } from "~contract/operator/week";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { formatCalendarDay, formatDateTime, formatMoment } from "~/ui/date-format";
import { formatMoney } from "~/ui/format";
import { CardSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { DeparturesTable } from "./departures-table";
import { DepartureCell, ReferenceCell, TotalCell } from "../booking-cells";
import type { loader } from "./home.server";

const linkClass = "font-medium text-brand-ink underline";

/** The bookings made since yesterday began: how many, and the newest (money only for owner and manager). */
function NewBookings({ made }: { made: OperatorHome["newBookings"] }) {
  const { t } = useTranslation();
  const withMoney = made.latest.some((row) => row.money !== null);
  const heads = [
    t("desk.reference"),
    t("desk.guest"),
    t("desk.departure"),
    t("desk.guests"),
    ...(withMoney ? [t("desk.total")] : []),
  ];
  return (
    <CardSection headingId="home-new-bookings" heading={t("desk.home.newBookings")} className="mt-8">
      <p className="mt-1 text-sm text-slate-700" data-testid="new-bookings-count">
        {t("desk.home.newBookingsCount", { count: made.count })}
      </p>
      <DataTable
        rows={made.latest}
        row={(row) => (
          <tr key={row.id} data-testid="new-booking" className="align-top">
            <ReferenceCell id={row.id} reference={row.reference} />
            <td className="py-2 pr-4">{row.guestName}</td>
            <DepartureCell departure={row.departure} soon />
            <td className="py-2 pr-4 text-right">{row.seats}</td>
            {withMoney ? <TotalCell money={row.money} /> : null}
          </tr>
        )}
        empty={t("desk.home.noNewBookings")}
        className="mt-2"
        caption={t("desk.home.newBookingsCaption")}
        columns={heads}
        alignFrom={withMoney ? [3, 4] : [3]}
        data-testid="new-bookings"
      />
    </CardSection>
  );
}

/**
 * One kind of decision, when any wait: its heading, the first few (each with its link) and how many
 * more there are.
 */
function DecisionList<Item extends { id: string }>({
  heading,
  list,
  testId,
  item,
}: {
  heading: string;
  list: { count: number; items: Item[] };
  testId: string;
  item: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  if (list.count === 0) return null;
  const more = list.count - list.items.length;
  return (
    <>
      <h3 className="mt-3 font-semibold">{heading}</h3>
      <ul className="mt-1 space-y-1 text-sm" data-testid={testId}>
        {list.items.map((entry) => (
          <li key={entry.id}>{item(entry)}</li>
        ))}
        {more > 0 ? <li className="text-slate-700">{t("desk.home.andMore", { count: more })}</li> : null}
      </ul>
    </>
  );
}

/** What waits for the owner's or a manager's decision, each with the link where it is decided. */
function Decisions({ decisions }: { decisions: NonNullable<OperatorHome["decisions"]> }) {
  const { t, i18n } = useTranslation();
  const { departures, refundsOwed, offersExpiring } = decisions;
  const nothing = departures.count + refundsOwed.count + offersExpiring.count === 0;
  return (
    <CardSection headingId="home-decisions" heading={t("desk.home.decisions")} className="mt-8">
      {nothing ? <p className="mt-1 text-sm text-slate-700">{t("desk.home.nothingToDecide")}</p> : null}
      <DecisionList
        heading={t("desk.home.departuresToDecide", { count: departures.count })}
        list={departures}
        testId="decide-departures"
        item={(departure) => (
          <>
            <Link to={`/console/experiences/${departure.experienceId}/departures`} className={linkClass}>
              {departure.experienceTitle} · {departure.serviceName}
            </Link>{" "}
            {formatMoment(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language })} —{" "}
            {t("desk.home.seatsSold", { count: departure.seatsSold })}
          </>
        )}
      />
      <DecisionList
        heading={t("desk.home.refundsOwed", { count: refundsOwed.count })}
        list={refundsOwed}
        testId="refunds-owed"
        item={(refund) => (
          <>
            <Link to={`/console/bookings/${refund.bookingId}`} className={linkClass}>
              {refund.reference}
            </Link>{" "}
            {refund.guestName} — {formatMoney(refund.amountMinor, refund.currency, i18n.language)}
          </>
        )}
      />
      <DecisionList
        heading={t("desk.home.offersExpiring", { count: offersExpiring.count })}
        list={offersExpiring}
        testId="offers-expiring"
        item={(offer) => (
          <>
            <Link to={`/console/departures/${offer.departureId}/waitlist`} className={linkClass}>
              {offer.experienceTitle}{" "}
              {formatMoment(offer.startsAt, { timeZone: offer.timezone, locale: i18n.language })}
            </Link>{" "}
            —{" "}
            {t("desk.home.offerEnds", {
              seats: offer.seats,
              at: formatDateTime(offer.expiresAt, { timeZone: offer.timezone, locale: i18n.language }),
            })}
          </>
        )}
      />
    </CardSection>
  );
}

/** The console's home: today and tomorrow, the new bookings, what waits for a decision. */
/** What the console told the member about the departures they lead (also emailed to them). */
function Notices({ notices, timeZone }: { notices: OperatorHome["notices"]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <CardSection headingId="home-notices" heading={t("desk.home.notices")} className="mt-6">
      <ul className="mt-2 space-y-3 text-sm" data-testid="home-notices">
        {notices.map((notice) => (
          <li key={notice.id}>
            <p className="font-semibold">
              {notice.link ? (
                <Link to={notice.link} className={linkClass}>
                  {notice.title}
                </Link>
              ) : (
                notice.title
              )}
            </p>
            <p>{notice.body}</p>
            <p className="text-slate-700">
              <time dateTime={notice.at}>{formatDateTime(notice.at, { timeZone, locale: i18n.language })}</time>
            </p>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

export function HomePage() {
  const { me, home, flash } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const day = (date: string) => formatCalendarDay(date, { locale: i18n.language, style: "full" });
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("console.welcome", { name: me.account.name })}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <dl className="mt-4 grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">{t("console.signedInAs")}</dt>
        <dd data-testid="console-email">{me.email}</dd>
        <dt className="font-medium text-slate-700">{t("console.yourRole")}</dt>
        <dd data-testid="console-role">{t(`console.role_${me.role}`)}</dd>
      </dl>
      <p className="mt-2 text-sm text-slate-700">{t(`console.roleHint_${me.role}`)}</p>
      <Notices notices={home.notices} timeZone={home.timezone} />
      <p className="mt-4 text-sm">
        <Link to="/console/calendar" className={linkClass}>
          {t("desk.home.toCalendar")}
        </Link>
      </p>
      <CardSection headingId="home-today" heading={t("desk.home.today", { day: day(home.today) })} className="mt-6">
        <DeparturesTable
          departures={home.departures.today}
          caption={t("desk.home.todayCaption")}
          empty={t("desk.home.noDepartures")}
          manifestDate={home.today}
          testId="today-departures"
        />
      </CardSection>
      <CardSection
        headingId="home-tomorrow"
        heading={t("desk.home.tomorrow", { day: day(home.tomorrow) })}
        className="mt-8"
      >
        <DeparturesTable
          departures={home.departures.tomorrow}
          caption={t("desk.home.tomorrowCaption")}
          empty={t("desk.home.noDepartures")}
          manifestDate={home.tomorrow}
          testId="tomorrow-departures"
        />
      </CardSection>
      <NewBookings made={home.newBookings} />
      {home.decisions ? <Decisions decisions={home.decisions} /> : null}
    </>
  );
}
