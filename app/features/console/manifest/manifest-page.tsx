import { Form, Link, useFetcher, useLoaderData } from "@remix-run/react";
import type { ManifestBooking, ManifestDeparture, ManifestGuest } from "~contract/operator/manifest";
import type { loadManifestPage } from "~/features/console/manifest.server";
import { useTranslation } from "~/platform/i18n-react";
import { DateFilterField } from "~/ui/date-filter-field";
import { slotTime } from "~/features/booking/availability";
import { formatCalendarDay, formatDateTime } from "~/ui/date-format";
import { formatMoney, formatPhone } from "~/ui/format";
import { StackedCell, StackedRow, StackedTable } from "~/ui/stacked-table";
import { AlertMessage, StatusMessage } from "~/ui/status-message";
import { useHydrated } from "~/ui/use-hydrated";
import { useFormResult } from "~/ui/use-form-result";
import { GuestMessageForm, useMessageSent } from "../guest-message-form";
import { AnswerList } from "~/features/booking/answer-list";

/**
 * Printing: no chrome, no forms, black on white; one departure per page when asked. No quotes or
 * angle brackets: the server writes the style element's text escaped.
 */
const PRINT_CSS = `@media print {
  header, nav, [data-print=hide] { display: none !important; }
  body, main, section, table { background: #fff !important; color: #000 !important; }
  main { grid-column: 1 / -1; }
  .manifest-page * { color: #000 !important; border-color: #000 !important; box-shadow: none !important; }
  .manifest-page table { border-collapse: collapse; width: 100%; font-size: 10pt; }
  .manifest-page th, .manifest-page td { border: 1px solid #000; padding: 2pt 4pt; vertical-align: top; }
  .manifest-page tr { break-inside: avoid; }
  .manifest-page[data-per-page=true] .manifest-departure + .manifest-departure { break-before: page; }
  .manifest-page[data-per-page=true] .manifest-departure { break-after: page; }
}`;

export function ManifestPage() {
  const { manifest, perPage, invalidDate, flash } = useLoaderData<typeof loadManifestPage>();
  const { t, i18n } = useTranslation();
  const day = formatCalendarDay(manifest.date, { locale: i18n.language, style: "full" });
  const linkTo = (date: string) => `?${new URLSearchParams({ date, ...(perPage ? { perPage: "1" } : {}) })}`;
  return (
    <div className="manifest-page" data-per-page={perPage ? "true" : "false"}>
      <style>{PRINT_CSS}</style>
      <h1 className="text-2xl font-bold text-brand-ink">{t("manifest.heading", { day })}</h1>
      <p className="mt-1 text-sm text-slate-700">{t("manifest.zone", { zone: manifest.timezone })}</p>
      {invalidDate ? <AlertMessage>{t("manifest.invalidDate")}</AlertMessage> : null}
      {flash ? (
        flash.startsWith("manifest.error") || flash.startsWith("apiErrors.") ? (
          <AlertMessage>{t(flash)}</AlertMessage>
        ) : (
          <StatusMessage>{t(flash)}</StatusMessage>
        )
      ) : null}
      <div data-print="hide" className="mt-4 flex flex-wrap items-end gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <DateFilterField id="manifest-date" name="date" label={t("manifest.date")} value={manifest.date} />
          <div className="flex items-center gap-2 pb-2">
            <input
              id="manifest-per-page"
              type="checkbox"
              name="perPage"
              value="1"
              defaultChecked={perPage}
              className="h-4 w-4"
            />
            <label htmlFor="manifest-per-page" className="text-sm text-slate-800">
              {t("manifest.perPage")}
            </label>
          </div>
          <button type="submit" className="rounded-md bg-brand px-3 py-2 text-sm font-semibold text-white">
            {t("manifest.show")}
          </button>
        </Form>
        <nav aria-label={t("manifest.daysLabel")} className="flex gap-3 pb-2 text-sm">
          <Link to={linkTo(manifest.previousDate)} className="font-medium text-brand underline">
            {t("manifest.previousDay")}
          </Link>
          <Link to={linkTo(manifest.nextDate)} className="font-medium text-brand underline">
            {t("manifest.nextDay")}
          </Link>
        </nav>
        <a
          href={`/console/manifest.csv?${new URLSearchParams({ date: manifest.date })}`}
          download
          className="pb-2 text-sm font-medium text-brand underline"
        >
          {t("manifest.downloadCsv")}
        </a>
      </div>
      {manifest.departures.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-6" data-testid="manifest-empty">
          <h2 className="text-lg font-semibold text-brand-ink">{t("manifest.emptyTitle")}</h2>
          <p className="mt-1 text-slate-700">{t("manifest.emptyHint")}</p>
        </div>
      ) : (
        manifest.departures.map((departure) => <DepartureSection key={departure.id} departure={departure} />)
      )}
    </div>
  );
}

function DepartureSection({ departure }: { departure: ManifestDeparture }) {
  const { manifest } = useLoaderData<typeof loadManifestPage>();
  const { t, i18n } = useTranslation();
  const time = departureTime(departure.timezone, manifest.timezone, i18n.language);
  // A guide's manifest has no money: no money column, no paid/owed totals.
  const currency = manifest.money?.currency;
  const money = currency ? (minor: number) => formatMoney(minor, currency, i18n.language) : null;
  const columns = MANIFEST_COLUMNS.filter((column) => money || column !== "colMoney");
  const headingId = `departure-${departure.id}`;
  const { totals } = departure;
  const cancelled = departure.status === "cancelled";
  return (
    <section
      aria-labelledby={headingId}
      className="manifest-departure mt-8 rounded-xl border border-slate-200 p-4"
      data-testid="manifest-departure"
      data-departure-id={departure.id}
      data-timezone={departure.timezone}
    >
      <h2 id={headingId} className="text-lg font-semibold text-brand-ink">
        {t("manifest.departureHeading", {
          start: time(departure.startsAt),
          end: time(departure.endsAt),
          experience: departure.experienceTitle,
          service: departure.serviceName,
        })}
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        {departure.guide ? t("manifest.guideIs", { name: departure.guide.name }) : t("manifest.noGuideYet")}
        {" · "}
        {t("manifest.seats", { taken: departure.seatsTaken, capacity: departure.capacity })}
        {" · "}
        <strong>{t(`manifest.status_${departure.status}`)}</strong>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4" data-testid="manifest-totals">
        <div>
          <dt className="font-medium text-slate-700">{t("manifest.totalBookings")}</dt>
          <dd>{t("manifest.bookingsCount", { count: totals.bookings, held: totals.heldBookings })}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t("manifest.totalGuests")}</dt>
          <dd>
            {totals.guests}
            {totals.tickets.length ? ` (${totals.tickets.map((x) => `${x.quantity} × ${x.name}`).join(", ")})` : ""}
          </dd>
        </div>
        {money && totals.money ? (
          <div>
            <dt className="font-medium text-slate-700">{t("manifest.totalMoney")}</dt>
            <dd>
              {t("manifest.moneyLine", { paid: money(totals.money.paidMinor), owed: money(totals.money.owedMinor) })}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-slate-700">{t("manifest.totalCheckIns")}</dt>
          <dd>{t("manifest.checkInLine", { checkedIn: totals.checkedIn, noShows: totals.noShows })}</dd>
        </div>
      </dl>
      {cancelled ? null : <MessageDeparture departure={departure} />}
      <PickupGroups departure={departure} />
      {departure.bookings.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t("manifest.noBookings")}</p>
      ) : (
        // Below lg each booking is a card, its check-in buttons in it (no table to scroll on a phone).
        <StackedTable
          className="mt-4 w-full text-left text-sm"
          caption={t("manifest.tableCaption", {
            start: time(departure.startsAt),
            experience: departure.experienceTitle,
          })}
          columns={columns.map((column) => t(`manifest.${column}`))}
          headCell="py-2 pr-3"
        >
          {departure.bookings.map((booking) => (
            <BookingRow
              key={booking.id}
              booking={booking}
              checkable={!cancelled}
              money={money}
              time={time}
              timeZone={departure.timezone}
            />
          ))}
        </StackedTable>
      )}
    </section>
  );
}

/** The departure's guests by pickup, earliest pickup first, then those without one (when any booking has a pickup). */
function PickupGroups({ departure }: { departure: ManifestDeparture }) {
  const { t } = useTranslation();
  const groups = departure.pickupGroups;
  if (!groups.some((group) => group.pickupPointId !== null)) return null;
  const headingId = `pickups-${departure.id}-heading`;
  const references = new Map(departure.bookings.map((booking) => [booking.id, booking.reference]));
  return (
    <section aria-labelledby={headingId} className="mt-3 text-sm" data-testid="pickup-groups">
      <h3 id={headingId} className="font-semibold text-slate-800">
        {t("pickupPoints.groupsHeading")}
      </h3>
      <ol className="mt-1 space-y-1">
        {groups.map((group) => {
          const guests = t("pickupPoints.guestCount", { count: group.guests });
          return (
            <li key={`${group.pickupPointId ?? ""}${group.pickupAt ?? ""}`} data-testid="pickup-group">
              <span className="font-medium">
                {group.pickupPointId === null
                  ? t("pickupPoints.groupNone", { guests })
                  : t("pickupPoints.group", { time: group.localTime, name: group.name, guests })}
              </span>
              {": "}
              {group.bookingIds.map((id) => references.get(id) ?? id).join(", ")}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** "Message everyone on this departure": folded away until asked for (a template chosen, a result). */
function MessageDeparture({ departure }: { departure: ManifestDeparture }) {
  const { manifest, drafts, messaging, messageConstraint, perPage } = useLoaderData<typeof loadManifestPage>();
  const { t } = useTranslation();
  const resultId = `message:${departure.id}`;
  const sent = useMessageSent(departure.id);
  const answered = useFormResult(resultId);
  const draft = drafts[departure.id];
  const day = { date: manifest.date, ...(perPage ? { perPage: "1" } : {}) };
  return (
    <details
      className="mt-3 rounded-md border border-slate-200 p-3"
      data-print="hide"
      open={messaging === departure.id || Boolean(sent) || Boolean(answered)}
      data-testid="message-departure"
    >
      <summary className="cursor-pointer text-sm font-semibold text-brand">
        {t("desk.messages.departureHeading")}
      </summary>
      <p className="mt-2 text-sm text-slate-700">{t("desk.messages.departureHint")}</p>
      <GuestMessageForm
        key={draft.template}
        id={`message-${departure.id}`}
        resultId={resultId}
        draft={draft}
        hidden={{ departureId: departure.id, ...day }}
        templateQuery={{ ...day, message: departure.id }}
        constraint={messageConstraint}
        sent={sent}
      />
    </details>
  );
}

function BookingRow({
  booking,
  checkable,
  money,
  time,
  timeZone,
}: {
  booking: ManifestBooking;
  checkable: boolean;
  /** Formats an amount; null: no money column (a guide's manifest). */
  money: ((minor: number) => string) | null;
  time: (at: string) => string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const held = booking.status === "held";
  const column = (key: (typeof MANIFEST_COLUMNS)[number]) => t(`manifest.${key}`);
  return (
    <StackedRow
      className={`border-b border-slate-200 align-top ${held ? "bg-amber-50" : ""}`}
      data-testid="manifest-booking"
      data-booking-id={booking.id}
    >
      <StackedCell header className="py-2 pr-3 font-medium">
        <Link to={`/console/bookings/${booking.id}`} className="text-brand underline">
          {booking.reference}
        </Link>
        {held ? (
          <p className="mt-1 text-xs font-semibold text-amber-900" data-testid="held-badge">
            {t("manifest.held", {
              until: formatDateTime(booking.holdExpiresAt!, { timeZone, locale: i18n.language }),
            })}
          </p>
        ) : null}
      </StackedCell>
      <StackedCell label={column("colGuests")} className="py-2 pr-3">
        <span data-testid="guests-label">{booking.guestsLabel}</span>
        {booking.pickup ? (
          <p className="text-slate-700" data-testid="booking-pickup">
            {t("pickupPoints.at", {
              time: booking.pickup.localTime,
              zone: timeZone,
              place: booking.pickup.name,
            })}
          </p>
        ) : null}
        {booking.addOns.length > 0 ? (
          <p className="text-slate-700" data-testid="booking-add-ons">
            {`${t("addOns.yours")}: ${booking.addOns.map((line) => `${line.quantity} × ${line.name}`).join(", ")}`}
          </p>
        ) : null}
        {/* Taken at the desk, to pay on arrival: every member sees it is owed (a guide without the amount). */}
        {booking.paymentStatus === "owed" ? (
          <p className="font-medium text-amber-900" data-testid="pay-on-arrival">
            {t("manifest.payOnArrival")}
          </p>
        ) : null}
        {/* The answers to its booking questions, the booking's then each guest's. */}
        <AnswerList lines={booking.answers.lines} compact />
      </StackedCell>
      <StackedCell label={column("colLead")} className="py-2 pr-3">
        <p>{booking.lead.name}</p>
        {booking.lead.phone ? <p>{formatPhone(booking.lead.phone)}</p> : null}
        {booking.lead.email ? <p className="break-all">{booking.lead.email}</p> : null}
        {/* Sold by a reseller (OCTO): its name and its own reference for the booking. */}
        {booking.reseller ? (
          <p className="text-slate-700" data-testid="booking-reseller">
            {t("manifest.soldBy", {
              name: booking.reseller.name,
              reference: booking.reseller.reference ?? "—",
            })}
          </p>
        ) : null}
      </StackedCell>
      <StackedCell label={column("colWaiver")} className="py-2 pr-3">
        {booking.waiverSigned ? t("manifest.waiverSigned") : t("manifest.waiverMissing")}
      </StackedCell>
      {money ? (
        <StackedCell label={column("colMoney")} className="py-2 pr-3">
          {booking.money ? (
            <div data-testid="booking-money">
              <p>{t("manifest.paid", { amount: money(booking.money.paidMinor) })}</p>
              {booking.money.owedMinor ? <p>{t("manifest.owed", { amount: money(booking.money.owedMinor) })}</p> : null}
              {booking.money.refundedMinor ? (
                <p>{t("manifest.refunded", { amount: money(booking.money.refundedMinor) })}</p>
              ) : null}
            </div>
          ) : null}
        </StackedCell>
      ) : null}
      <StackedCell label={column("colCheckIn")} wide className="py-2">
        <ul className="space-y-2">
          {booking.guests.map((guest) => (
            <GuestLine key={guest.guestNo} booking={booking} guest={guest} checkable={checkable && !held} time={time} />
          ))}
        </ul>
        {checkable && !held && booking.seats > 1 ? (
          <CheckInButtons
            booking={booking}
            guestNo="all"
            label={t("manifest.allGuests", { reference: booking.reference })}
          />
        ) : null}
      </StackedCell>
    </StackedRow>
  );
}

function GuestLine({
  booking,
  guest,
  checkable,
  time,
}: {
  booking: ManifestBooking;
  guest: ManifestGuest;
  checkable: boolean;
  time: (at: string) => string;
}) {
  const { t } = useTranslation();
  const at = guest.at ? time(guest.at) : null;
  const who = t("manifest.guestOf", { n: guest.guestNo, reference: booking.reference });
  return (
    <li data-testid="manifest-guest" data-guest-no={guest.guestNo} data-status={guest.status}>
      <span>
        {t("manifest.guestLine", { n: guest.guestNo, ticket: guest.ticketTypeName })}:{" "}
        <strong>{t(`manifest.guest_${guest.status}`)}</strong>
        {at ? ` (${at})` : ""}
      </span>
      {checkable ? <CheckInButtons booking={booking} guestNo={guest.guestNo} label={who} /> : null}
    </li>
  );
}

/**
 * A departure's times of day, in its own experience's zone: "10:30 PM", or "10:30 PM MST" where
 * that zone is not the operator's (the zone every other time of the page is in).
 */
const departureTime = (zone: string, operatorZone: string, locale: string) => (at: string) =>
  slotTime(at, zone, locale, { zone: zone !== operatorZone });

/** The columns of a departure's table (`manifest.<key>`). */
const MANIFEST_COLUMNS = ["colBooking", "colGuests", "colLead", "colWaiver", "colMoney", "colCheckIn"] as const;

/** The manifest's three check-in actions: the status sent, its words (`manifest.<key>…`), its colours. */
const CHECK_IN_ACTIONS = [
  { status: "checked_in", key: "checkIn", tone: "border-emerald-700 text-emerald-900" },
  { status: "no_show", key: "noShow", tone: "border-amber-700 text-amber-900" },
  { status: "reset", key: "reset", tone: "border-slate-400 text-slate-800" },
] as const;

/** Check in, no-show, reset: one form per guest (or for all), a native post that a fetcher enhances. */
function CheckInButtons({
  booking,
  guestNo,
  label,
}: {
  booking: ManifestBooking;
  guestNo: number | "all";
  label: string;
}) {
  const { manifest, perPage } = useLoaderData<typeof loadManifestPage>();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const button = "rounded-md border px-2 py-1 text-xs font-medium";
  return (
    <fetcher.Form method="post" data-print="hide" className="mt-1 flex flex-wrap items-center gap-2" aria-label={label}>
      <input type="hidden" name="intent" value="checkIn" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <input type="hidden" name="guestNo" value={String(guestNo)} />
      <input type="hidden" name="date" value={manifest.date} />
      {perPage ? <input type="hidden" name="perPage" value="1" /> : null}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {CHECK_IN_ACTIONS.map((action) => (
        <button
          key={action.status}
          type="submit"
          name="status"
          value={action.status}
          className={`${button} ${action.tone}`}
          aria-label={t(`manifest.${action.key}Who`, { who: label })}
        >
          {t(guestNo === "all" ? `manifest.${action.key}All` : `manifest.${action.key}`)}
        </button>
      ))}
      <span role="status" className={`text-xs ${fetcher.data?.ok === false ? "text-red-700" : "text-slate-700"}`}>
        {fetcher.state === "idle" && fetcher.data ? t(fetcher.data.message) : ""}
      </span>
    </fetcher.Form>
  );
}
