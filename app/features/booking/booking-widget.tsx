import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { MAX_TICKETS_PER_TYPE } from "~contract/booking-limits";
import { priceBreakdown } from "~contract/pricing";
import {
  dayLabel,
  slotTime,
  timezonePlace,
  type Availability,
  type AvailabilityDay,
} from "~/features/booking/availability";
import { takeTimesFocus } from "~/features/booking/times-focus";
import { ticketParam, type Selection } from "~/features/booking/booking-selection";
import { PriceSummary } from "~/features/booking/price-summary";
import type { TicketType } from "~/features/catalog/catalog";
import { formatMoney } from "~/ui/format";
import { useHydrated } from "~/ui/use-hydrated";

type Props = {
  availability: Availability;
  ticketTypes: TicketType[];
  selection: Selection;
  /** The calendar (progressive enhancement); the date list below works without JavaScript. */
  calendar?: React.ReactNode;
};

type Quantities = Record<string, number>;

function useSeatsText() {
  const { t } = useTranslation();
  return (seatsLeft: number) => (seatsLeft > 0 ? t("details.seatsLeft", { count: seatsLeft }) : t("details.soldOut"));
}

/**
 * Date → time → tickets, as plain GET forms: the date list reloads the page with `date`, the
 * second form goes to the confirm step with the slot and quantities.
 */
export function BookingWidget({ availability, ticketTypes, selection, calendar }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [quantities, setQuantities] = useState<Quantities>(() => initialQuantities(selection, ticketTypes));
  const day = availability.days.find((candidate) => candidate.date === selection.date) ?? null;
  const [slotId, setSlotId] = useState<string | null>(selection.slotId);
  // No more tickets than the chosen departure has seats (the API checks it again when booking).
  const seatsLeft = day?.slots.find((slot) => slot.id === slotId)?.seatsLeft ?? null;
  const chosen = Object.values(quantities).reduce((sum, quantity) => sum + quantity, 0);
  const tooMany = seatsLeft !== null && chosen > seatsLeft;
  return (
    <div className="space-y-5">
      <section aria-labelledby="availability-heading">
        <h3 id="availability-heading" className="font-semibold">
          {t("details.chooseDate")}
        </h3>
        {/*
          Without JavaScript (or without a calendar) the days are a list to pick from; the calendar
          (its code loaded after the page is interactive) takes its place once it is there.
        */}
        {hydrated && calendar ? (
          <Suspense fallback={<DateListForm availability={availability} selected={selection.date} />}>
            {calendar}
          </Suspense>
        ) : (
          <DateListForm availability={availability} selected={selection.date} />
        )}
      </section>

      {day ? (
        <Form method="get" action="confirm" relative="path" className="space-y-5" data-testid="slot-form">
          <input type="hidden" name="date" value={day.date} />
          <SlotChoices
            day={day}
            timezone={availability.timezone}
            selectedSlot={selection.slotId}
            onSelect={setSlotId}
          />
          <TicketQuantities
            ticketTypes={ticketTypes}
            currency={availability.currency}
            quantities={quantities}
            seatsLeft={seatsLeft}
            onChange={setQuantities}
          />
          {tooMany ? (
            <p className="text-sm text-red-700" role="alert" data-testid="too-many-tickets">
              {t("details.tooManyTickets", { count: seatsLeft })}
            </p>
          ) : null}
          <LivePrice ticketTypes={ticketTypes} quantities={quantities} currency={availability.currency} />
          <button
            type="submit"
            disabled={navigation.state !== "idle" || tooMany}
            className="block w-full rounded-md bg-brand px-4 py-2.5 text-center font-semibold text-white hover:opacity-90 disabled:opacity-60"
          >
            {t("details.continue")}
          </button>
        </Form>
      ) : availability.days.length === 0 ? (
        <p className="text-sm text-slate-700">{t("details.noAvailability")}</p>
      ) : (
        <MoreDates availability={availability} />
      )}
    </div>
  );
}

function initialQuantities(selection: Selection, ticketTypes: TicketType[]): Quantities {
  if (selection.tickets.length > 0) {
    return Object.fromEntries(selection.tickets.map((ticket) => [ticket.ticketTypeId, ticket.quantity]));
  }
  return ticketTypes[0] ? { [ticketTypes[0].id]: 1 } : {};
}

/** The open days as a list (a GET form that reloads the page with `date`). */
function DateListForm({ availability, selected }: { availability: Availability; selected: string | null }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const seatsText = useSeatsText();
  return (
    <Form method="get" action={location.pathname} className="mt-2 flex items-end gap-2" data-testid="date-form">
      <label className="flex-1 text-sm font-medium text-slate-700">
        {t("details.datesLabel")}
        <select
          name="date"
          defaultValue={selected ?? ""}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
        >
          <option value="" disabled>
            {t("details.chooseDate")}
          </option>
          {availability.days.map((option) => (
            <option key={option.date} value={option.date} disabled={option.seatsLeft === 0}>
              {dayLabel(option.date, i18n.language)} · {seatsText(option.seatsLeft)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
      >
        {t("details.showTimes")}
      </button>
    </Form>
  );
}

/** The day's departures as radio buttons, each with its seats left, in the operator's local time. */
function SlotChoices(props: {
  day: AvailabilityDay;
  timezone: string;
  selectedSlot: string | null;
  onSelect: (slotId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const seatsText = useSeatsText();
  const { day } = props;
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (takeTimesFocus()) fieldset.current?.focus();
  }, []);
  return (
    <fieldset ref={fieldset} tabIndex={-1} className="focus:outline-none" data-testid="time-choices">
      <legend className="font-semibold">{t("details.times", { date: dayLabel(day.date, i18n.language) })}</legend>
      <p className="text-sm text-slate-600">{t("details.localTimes", { place: timezonePlace(props.timezone) })}</p>
      {day.slots.length === 0 ? <p className="mt-2 text-sm text-slate-700">{t("details.noTimes")}</p> : null}
      <div className="mt-2 grid grid-cols-2 gap-2">
        {day.slots.map((slot) => (
          <label
            key={slot.id}
            className={`flex cursor-pointer flex-col rounded-lg border p-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/5 ${slot.seatsLeft === 0 ? "cursor-not-allowed opacity-50" : "border-slate-300"}`}
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
  quantities: Quantities;
  /** Seats left on the chosen departure (null: none chosen yet). */
  seatsLeft: number | null;
  onChange: (update: (current: Quantities) => Quantities) => void;
}) {
  const cap = Math.min(MAX_TICKETS_PER_TYPE, props.seatsLeft ?? MAX_TICKETS_PER_TYPE);
  const { t, i18n } = useTranslation();
  return (
    <fieldset>
      <legend className="font-semibold">{t("details.tickets")}</legend>
      <div className="mt-2 space-y-2">
        {props.ticketTypes.map((type) => (
          <label key={type.id} className="flex items-center justify-between gap-3 text-sm">
            <span>
              {t("details.quantity", {
                name: type.name,
                price: formatMoney(type.priceMinor, props.currency, i18n.language),
              })}
            </span>
            <input
              type="number"
              name={ticketParam(type.id)}
              min={0}
              max={cap}
              inputMode="numeric"
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
function LivePrice(props: { ticketTypes: TicketType[]; quantities: Quantities; currency: string }) {
  const { t } = useTranslation();
  const { ticketTypes, quantities } = props;
  const price = useMemo(
    () =>
      priceBreakdown(
        ticketTypes.map((type) => ({
          ticketTypeId: type.id,
          name: type.name,
          unitPriceMinor: type.priceMinor,
          quantity: quantities[type.id] ?? 0,
        })),
        null,
      ),
    [ticketTypes, quantities],
  );
  return (
    <section aria-labelledby="price-heading" className="rounded-lg bg-slate-50 p-3">
      <h3 id="price-heading" className="text-sm font-semibold">
        {t("details.priceBreakdown")}
      </h3>
      {price.seats > 0 ? (
        <PriceSummary price={price} currency={props.currency} />
      ) : (
        <p className="text-sm text-slate-600">{t("details.selectTickets")}</p>
      )}
      <p className="mt-2 text-xs text-slate-600">{t("details.promoAtCheckout")}</p>
    </section>
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
              to={`?date=${option.date}`}
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
