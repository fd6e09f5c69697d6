import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { MAX_TICKETS_PER_TYPE } from "~contract/bookings/limits";
import { priceBreakdown, type PriceBreakdown } from "~contract/bookings/pricing";
import {
  dayLabel,
  slotTime,
  timezonePlace,
  type Availability,
  type AvailabilityDay,
  type AvailabilitySlot,
} from "~/features/booking/availability";
import { takeTimesFocus } from "~/features/booking/times-focus";
import {
  PRIVATE_PARAM,
  privateRoom,
  ticketParam,
  type Selection,
  type TicketRefusal,
} from "~/features/booking/booking-selection";
import type { PrivateSaleOffer } from "~contract/catalog/private-sale";
import { StickyBookingBar, type BarStep } from "~/features/catalog/sticky-booking-bar";
import { PriceSummary } from "~/features/booking/price-summary";
import { formatMoment } from "~/ui/date-format";
import type { TicketType } from "~/features/catalog/catalog";
import { formatMoney } from "~/ui/format";
import { useHydrated } from "~/ui/use-hydrated";
import { DayChooser, useSeatsText } from "~/features/booking/day-chooser";

type Props = {
  availability: Availability;
  ticketTypes: TicketType[];
  selection: Selection;
  /** The quantities the address carries (0 kept: a refused choice stays as it was chosen). */
  quantities: Quantities | null;
  /** Why the last "Continue" (or "Update total") was refused, checked by the server. */
  refusal: TicketRefusal | null;
  /** The from-price the phone's sticky bar shows until a departure and tickets are chosen. */
  headline: { price: string; perWhom: string } | null;
  /** Today in the experience's zone (from the server, so the calendar opens on the same month). */
  today: string;
  /** The waitlist page of this service (`?service=`): a sold-out departure links to it with `&slot=`. */
  waitlistPath?: string;
  /** The service sold private too, or only so (issue 46); null: by the seat only. */
  privateSale?: PrivateSaleOffer | null;
};

type Quantities = Record<string, number>;

/**
 * Date → time → tickets, as plain GET forms that come back to this page at the widget (the
 * `#times` and `#tickets` anchors): the date list reloads the page with `date`; the second form
 * reloads it with the slot and quantities, to update the total without JavaScript or to go on
 * (`intent=continue`: the loader sends a complete choice to the confirm step, or says why not).
 */
export function BookingWidget({
  availability,
  ticketTypes,
  selection,
  quantities: given,
  refusal,
  headline,
  today,
  waitlistPath,
  privateSale = null,
}: Props) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const [quantities, setQuantities] = useState<Quantities>(() => given ?? defaultQuantities(ticketTypes));
  // The server's refusal stands for the quantities it judged, until they change (a new one shows again).
  const [editedAfter, setEditedAfter] = useState<TicketRefusal | null | undefined>(undefined);
  const day = availability.days.find((candidate) => candidate.date === selection.date) ?? null;
  const [slotId, setSlotId] = useState<string | null>(selection.slotId);
  // No more tickets than the chosen departure has seats (the API checks it again when booking).
  const chosenSlot = day?.slots.find((slot) => slot.id === slotId) ?? null;
  // The whole departure (issue 46): asked for, or the only way the service is sold.
  const [asked, setAsked] = useState(selection.private);
  const group = privateSale && (asked || privateSale.only) ? privateSale : null;
  const room = chosenSlot && group ? privateRoom(chosenSlot, group) : null;
  const seatsLeft = room ?? chosenSlot?.seatsLeft ?? null;
  const groupPrice = group?.priceMinor ?? null;
  const price = useMemo(() => livePrice(ticketTypes, quantities, groupPrice), [ticketTypes, quantities, groupPrice]);
  const tooMany = seatsLeft !== null && price.seats > seatsLeft;
  const message =
    room === 0
      ? { key: "details.privateTaken" }
      : tooMany
        ? { key: "details.tooManyTickets", values: { count: seatsLeft } }
        : editedAfter === refusal
          ? null
          : refusal;
  // A day whose every time is sold out: no price, no "Continue", but the waitlist and the next day with seats.
  const soldOut = day !== null && day.slots.every((slot) => slot.seatsLeft === 0);
  const step: BarStep =
    !day || soldOut
      ? { kind: "date" }
      : !slotId
        ? { kind: "time" }
        : price.seats === 0 || tooMany || message
          ? { kind: "tickets" }
          : {
              kind: "continue",
              seats: price.seats,
              total: formatMoney(price.totalMinor, availability.currency, i18n.language),
            };
  return (
    <div className="space-y-5">
      <section aria-labelledby="availability-heading">
        <h3 id="availability-heading" className="font-semibold">
          {t("details.chooseDate")}
        </h3>
        <DayChooser availability={availability} selected={selection.date} today={today} />
      </section>

      {day ? (
        <Form
          method="get"
          action={`${location.pathname}#tickets`}
          id={SLOT_FORM_ID}
          className="space-y-5"
          data-testid="slot-form"
        >
          <input type="hidden" name="date" value={day.date} />
          <SlotChoices
            day={day}
            timezone={availability.timezone}
            selectedSlot={selection.slotId}
            onSelect={setSlotId}
            waitlistPath={waitlistPath}
          />
          {soldOut ? (
            <SoldOutDay availability={availability} day={day} waitlist={Boolean(waitlistPath)} />
          ) : (
            <>
              {privateSale ? (
                <PrivateChoice
                  sale={privateSale}
                  currency={availability.currency}
                  checked={asked}
                  onChange={(checked) => {
                    setEditedAfter(refusal);
                    setAsked(checked);
                  }}
                />
              ) : null}
              <TicketQuantities
                ticketTypes={ticketTypes}
                currency={availability.currency}
                included={group !== null}
                quantities={quantities}
                seatsLeft={seatsLeft}
                invalid={message !== null}
                onChange={(update) => {
                  setEditedAfter(refusal);
                  setQuantities(update);
                }}
              />
              {message ? (
                <p
                  id="tickets-error"
                  className="text-sm text-red-700"
                  role="alert"
                  data-testid={tooMany ? "too-many-tickets" : "tickets-refused"}
                >
                  {t(message.key, message.values)}
                </p>
              ) : null}
              <div id={SUMMARY_ID} className="space-y-5">
                <LivePrice price={price} currency={availability.currency} />
                {chosenSlot ? <CancellationDeadline slot={chosenSlot} timezone={availability.timezone} /> : null}
                {/* Without JavaScript the total is the server's: this reloads it for the numbers typed. */}
                {hydrated ? null : (
                  <button
                    type="submit"
                    name="intent"
                    value="price"
                    formNoValidate
                    className="block w-full rounded-md border border-slate-300 px-4 py-2 text-center text-sm font-medium hover:bg-slate-50"
                  >
                    {t("details.updateTotal")}
                  </button>
                )}
                <button
                  type="submit"
                  name="intent"
                  value="continue"
                  disabled={navigation.state !== "idle" || tooMany}
                  className="block w-full rounded-md bg-brand px-4 py-2.5 text-center font-semibold text-white hover:brightness-90 disabled:opacity-60"
                >
                  {t("details.continue")}
                </button>
              </div>
            </>
          )}
        </Form>
      ) : availability.days.length === 0 ? (
        <p className="text-sm text-slate-700">{t("details.noAvailability")}</p>
      ) : (
        <MoreDates availability={availability} />
      )}
      {headline ? (
        <StickyBookingBar headline={headline} step={step} formId={SLOT_FORM_ID} summaryId={SUMMARY_ID} />
      ) : null}
    </div>
  );
}

const SLOT_FORM_ID = "slot-form";
const SUMMARY_ID = "booking-summary";

function defaultQuantities(ticketTypes: TicketType[]): Quantities {
  return ticketTypes[0] ? { [ticketTypes[0].id]: 1 } : {};
}

function livePrice(ticketTypes: TicketType[], quantities: Quantities, privateMinor: number | null) {
  return priceBreakdown(
    ticketTypes.map((type) => ({
      ticketTypeId: type.id,
      name: type.name,
      unitPriceMinor: type.priceMinor,
      quantity: quantities[type.id] ?? 0,
    })),
    null,
    0,
    [],
    privateMinor,
  );
}

/**
 * The whole departure for the group (issue 46): a box to ask for it, sent as `private=1`; a
 * service sold only private says so (and always sends it).
 */
function PrivateChoice(props: {
  sale: PrivateSaleOffer;
  currency: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const words = {
    price: formatMoney(props.sale.priceMinor, props.currency, i18n.language),
    count: props.sale.maxGuests,
  };
  if (props.sale.only)
    return (
      <p className="text-sm text-slate-800" data-testid="private-only">
        <input type="hidden" name={PRIVATE_PARAM} value="1" />
        {t("details.privateOnly", words)}
      </p>
    );
  return (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        name={PRIVATE_PARAM}
        value="1"
        defaultChecked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        className="mt-1 h-4 w-4"
      />
      <span>{t("details.privateChoice", words)}</span>
    </label>
  );
}

/** The day's departures as radio buttons, each with its seats left, in the operator's local time. */
function SlotChoices(props: {
  day: AvailabilityDay;
  timezone: string;
  selectedSlot: string | null;
  onSelect: (slotId: string) => void;
  waitlistPath?: string;
}) {
  const { t, i18n } = useTranslation();
  const seatsText = useSeatsText();
  const { day } = props;
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (takeTimesFocus()) fieldset.current?.focus();
  }, []);
  return (
    <fieldset
      ref={fieldset}
      id="times"
      tabIndex={-1}
      className="scroll-mt-4 focus:outline-none"
      data-testid="time-choices"
    >
      <legend className="font-semibold">{t("details.times", { date: dayLabel(day.date, i18n.language) })}</legend>
      <p className="text-sm text-slate-600">{t("details.localTimes", { place: timezonePlace(props.timezone) })}</p>
      {day.slots.length === 0 ? <p className="mt-2 text-sm text-slate-700">{t("details.noTimes")}</p> : null}
      <div className="mt-2 grid grid-cols-2 gap-2">
        {day.slots.map((slot) => (
          <label
            key={slot.id}
            className={`flex cursor-pointer flex-col rounded-lg border p-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/5 ${slot.seatsLeft === 0 ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-700" : "border-slate-300"}`}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="slot"
                value={slot.id}
                required
                disabled={slot.seatsLeft === 0}
                defaultChecked={slot.id === props.selectedSlot}
                onChange={() => props.onSelect(slot.id)}
              />
              {slotTime(slot.startsAt, props.timezone, i18n.language)}
            </span>
            <span className="text-slate-600">{seatsText(slot.seatsLeft)}</span>
            {slot.seatsLeft === 0 && props.waitlistPath ? (
              <Link
                to={`${props.waitlistPath}&slot=${encodeURIComponent(slot.id)}`}
                className="mt-1 cursor-pointer font-medium text-brand-ink underline"
                data-testid="join-waitlist"
              >
                {t("waitlist.joinLink")}
              </Link>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A quantity per ticket type (a plain number input each). */
function TicketQuantities(props: {
  ticketTypes: TicketType[];
  currency: string;
  /** The tickets are in a private booking's group price. */
  included: boolean;
  quantities: Quantities;
  /** Seats left on the chosen departure (null: none chosen yet). */
  seatsLeft: number | null;
  /** The choice is refused (the message is #tickets-error). */
  invalid: boolean;
  onChange: (update: (current: Quantities) => Quantities) => void;
}) {
  const cap = Math.min(MAX_TICKETS_PER_TYPE, props.seatsLeft ?? MAX_TICKETS_PER_TYPE);
  const { t, i18n } = useTranslation();
  return (
    <fieldset
      id="tickets"
      tabIndex={-1}
      className="scroll-mt-4 focus:outline-none"
      aria-describedby={props.invalid ? "tickets-error" : undefined}
    >
      <legend className="font-semibold">{t("details.tickets")}</legend>
      <div className="mt-2 space-y-2">
        {props.ticketTypes.map((type) => (
          <label key={type.id} className="flex items-center justify-between gap-3 text-sm">
            <span>
              {t("details.quantity", {
                name: type.name,
                price: props.included
                  ? t("details.privateIncluded")
                  : formatMoney(type.priceMinor, props.currency, i18n.language),
              })}
            </span>
            <input
              type="number"
              name={ticketParam(type.id)}
              min={0}
              max={cap}
              inputMode="numeric"
              aria-invalid={props.invalid || undefined}
              defaultValue={props.quantities[type.id] ?? 0}
              onChange={(event) =>
                props.onChange((current) => ({
                  ...current,
                  // Not clamped to the seats left: a sum above them is said (and Continue disabled).
                  [type.id]: Math.max(0, Math.min(MAX_TICKETS_PER_TYPE, Number(event.target.value) || 0)),
                }))
              }
              className="w-20 rounded-md border border-slate-300 px-2 py-1.5 text-base"
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The price of the chosen tickets as they change (the API prices the booking itself). */
function LivePrice({ price, currency }: { price: PriceBreakdown; currency: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="price-heading" className="rounded-lg bg-slate-50 p-3">
      <h3 id="price-heading" className="text-sm font-semibold">
        {t("details.priceBreakdown")}
      </h3>
      {price.seats > 0 ? (
        <PriceSummary price={price} currency={currency} />
      ) : (
        <p className="text-sm text-slate-600">{t("details.selectTickets")}</p>
      )}
      <p className="mt-2 text-xs text-slate-600">{t("details.promoAtCheckout")}</p>
    </section>
  );
}

/** The chosen departure's free-cancellation deadline, as a date and time in the experience's zone (the API's rule). */
function CancellationDeadline({ slot, timezone }: { slot: AvailabilitySlot; timezone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="text-sm text-slate-700" data-testid="slot-free-cancellation">
      {slot.freeCancellationUntil
        ? t("confirm.freeCancellationUntil", {
            date: formatMoment(slot.freeCancellationUntil, { timeZone: timezone, locale: i18n.language }),
          })
        : t("confirm.noFreeCancellation")}
    </p>
  );
}

/** A day with no seat left at any time: said so, with the waitlist (each time's link above) and the next day with seats. */
function SoldOutDay({
  availability,
  day,
  waitlist,
}: {
  availability: Availability;
  day: AvailabilityDay;
  waitlist: boolean;
}) {
  const { t, i18n } = useTranslation();
  const next = availability.days.find((option) => option.date > day.date && option.seatsLeft > 0);
  return (
    <div role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="day-sold-out">
      <p className="font-semibold">{t("details.daySoldOut", { date: dayLabel(day.date, i18n.language) })}</p>
      {waitlist && day.slots.length > 0 ? <p className="mt-1">{t("details.daySoldOutWaitlist")}</p> : null}
      {next ? (
        <Link
          to={`?date=${next.date}#times`}
          preventScrollReset
          className="mt-2 inline-block font-medium text-brand-ink underline"
          data-testid="next-open-day"
        >
          {t("details.nextOpenDay", { date: dayLabel(next.date, i18n.language) })}
        </Link>
      ) : null}
    </div>
  );
}

/** No day chosen yet: a few open days to jump to. */
function MoreDates({ availability }: { availability: Availability }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("details.moreDates")}>
      {availability.days
        .filter((option) => option.seatsLeft > 0)
        .slice(0, 6)
        .map((option) => (
          <li key={option.date}>
            <Link
              to={`?date=${option.date}#times`}
              preventScrollReset
              className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-brand"
            >
              {dayLabel(option.date, i18n.language)}
            </Link>
          </li>
        ))}
    </ul>
  );
}
