import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { STAFF_PAYMENTS } from "~contract/statuses";
import { localClockTime, pickupInstant } from "~contract/bookings/pickup-rules";
import type { loadStaffBookingPage } from "~/features/console/staff-booking/staff-booking.server";
import type { StaffBookingFormInput } from "~/features/console/staff-booking/staff-booking-schemas";
import { useTranslation } from "~/platform/i18n-react";
import { BackLink } from "~/ui/back-link";
import { Button } from "~/ui/button";
import { CheckboxField } from "~/ui/checkbox-field";
import { dateTimeFormat } from "~/ui/date-format";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { formatMoney } from "~/ui/format";
import { FieldsetFrame } from "~/ui/fieldset-frame";
import { CardSection } from "~/ui/labelled-section";
import { LabelledSelect } from "~/ui/labelled-select";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

type PageData = ReturnType<typeof useLoaderData<typeof loadStaffBookingPage>>;
type Departure = PageData["bookable"]["departures"][number];
type BookingFields = ReturnType<typeof useForm<StaffBookingFormInput>>[1];

const PATH = "/console/bookings/new";

/** The experience to book: a GET form (the URL keeps the choice; no JavaScript needed). */
function ExperienceChooser({ data }: { data: PageData }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action={PATH} className="mt-4 flex flex-wrap items-end gap-3">
      <LabelledSelect
        id="staff-experience"
        name="experience"
        label={t("desk.newBooking.experience")}
        value={data.experience?.id ?? ""}
        unset={t("desk.newBooking.chooseExperience")}
        choices={data.bookable.experiences.map((experience) => ({ value: experience.id, label: experience.title }))}
        width="max-w-full"
        className="min-w-0 max-w-full"
      />
      <Button type="submit">{t("desk.newBooking.showDepartures")}</Button>
    </Form>
  );
}

/** The experience's departures by local day, in its zone (named), each with its seats left; closed ones marked. */
function DepartureList({ data }: { data: PageData }) {
  const { t, i18n } = useTranslation();
  const experience = data.experience!;
  const zone = experience.timezone;
  const dayFormat = dateTimeFormat(i18n.language, { timeZone: zone, dateStyle: "full" });
  const timeFormat = dateTimeFormat(i18n.language, { timeZone: zone, timeStyle: "short" });
  const days = new Map<string, Departure[]>();
  for (const departure of data.bookable.departures) {
    const day = dayFormat.format(new Date(departure.startsAt));
    days.set(day, [...(days.get(day) ?? []), departure]);
  }
  if (days.size === 0) return <p className="mt-4 text-sm text-slate-700">{t("desk.newBooking.noDepartures")}</p>;
  return (
    <section aria-labelledby="departures-heading" className="mt-6">
      <h2 id="departures-heading" className="text-lg font-semibold text-brand-ink">
        {t("desk.newBooking.departures", { zone })}
      </h2>
      {[...days].map(([day, list]) => (
        <div key={day} className="mt-3">
          <h3 className="text-sm font-semibold text-slate-800">{day}</h3>
          <ul className="mt-1 space-y-1">
            {list.map((departure) => {
              const chosen = departure.id === data.departure?.id;
              const closed = !departure.onSale;
              return (
                <li key={departure.id} data-testid="staff-departure" data-departure-id={departure.id}>
                  <Link
                    // Straight to the form below a long list of departures (no script needed).
                    to={`${PATH}?experience=${encodeURIComponent(experience.id)}&departure=${encodeURIComponent(departure.id)}#book-heading`}
                    aria-current={chosen ? "true" : undefined}
                    className={`text-brand-ink underline ${chosen ? "font-bold" : ""}`}
                  >
                    {timeFormat.format(new Date(departure.startsAt))} — {departure.serviceName}
                  </Link>{" "}
                  <span className="text-sm text-slate-700">
                    {t("desk.newBooking.seatsLeft", { count: departure.seatsLeft, capacity: departure.capacity })}
                  </span>
                  {closed ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                      {t(departure.status === "cancelled" ? "desk.newBooking.cancelled" : "desk.newBooking.closed")}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The experience's pickup points (issue 46), each with its time at this departure in the experience's zone. */
function PickupSelect({ data, departure, fields }: { data: PageData; departure: Departure; fields: BookingFields }) {
  const { t } = useTranslation();
  const { required, points } = data.bookable.pickupPoints;
  if (points.length === 0) return null;
  return (
    <SelectField
      field={fields.pickupPointId}
      label={t("desk.newBooking.pickup")}
      hint={t("desk.newBooking.pickupHint", { zone: departure.timezone })}
      placeholder={t(required ? "desk.newBooking.choosePickup" : "desk.newBooking.noPickup")}
      options={points.map((point) => ({
        value: point.id,
        label: t("desk.newBooking.pickupOption", {
          name: point.name,
          time: localClockTime(pickupInstant(departure.startsAt, point.minutesBefore), departure.timezone),
        }),
      }))}
    />
  );
}

/** The whole departure at the group price (issue 46): a checkbox for a service sold both ways, a note for one sold only so. */
function PrivateChoice({ data, fields }: { data: PageData; fields: BookingFields }) {
  const { t, i18n } = useTranslation();
  const sale = data.privateSale;
  if (!sale) return null;
  const money = data.bookable.money;
  const price = money && sale.priceMinor !== null ? formatMoney(sale.priceMinor, money.currency, i18n.language) : null;
  const words = { count: sale.maxGuests, price };
  if (sale.only)
    return (
      <p className="text-sm text-slate-700" data-testid="private-only">
        {t(price ? "desk.newBooking.privateOnly" : "desk.newBooking.privateOnlyNoPrice", words)}
      </p>
    );
  const hintId = `${fields.private.id}-hint`;
  return (
    <div>
      <CheckboxField field={fields.private} label={t("desk.newBooking.private")} describedBy={hintId} />
      <p id={hintId} className="ml-6 text-sm text-slate-700">
        {t(price ? "desk.newBooking.privateHint" : "desk.newBooking.privateHintNoPrice", words)}
      </p>
    </div>
  );
}

/** The experience's add-ons (issue 46): a quantity each, at its price (per guest or per booking). */
function AddOnQuantities({ data, fields }: { data: PageData; fields: BookingFields }) {
  const { t, i18n } = useTranslation();
  const money = data.bookable.money;
  if (data.bookable.addOns.length === 0) return null;
  return (
    <FieldsetFrame field={fields.addOns} legend={t("desk.newBooking.addOns")} className="mt-1 space-y-2">
      {data.bookable.addOns.map((addOn, index) => (
        <div key={addOn.id} className="flex items-center gap-3" data-testid="staff-add-on">
          <input type="hidden" name={`addOns[${index}].addOnId`} value={addOn.id} />
          <input
            id={`add-on-${addOn.id}`}
            name={`addOns[${index}].quantity`}
            type="number"
            min={0}
            max={addOn.maxPerBooking ?? 50}
            defaultValue={0}
            className="w-20 rounded-md border border-slate-300 px-2 py-1 text-base"
          />
          <label htmlFor={`add-on-${addOn.id}`} className="text-sm">
            {t("desk.newBooking.addOnQuantity", {
              name: addOn.name,
              price:
                money && addOn.priceMinor !== null
                  ? ` (${formatMoney(addOn.priceMinor, money.currency, i18n.language)})`
                  : "",
              per: addOn.per === "guest" ? t("addOns.perGuestNote") : "",
            })}
          </label>
        </div>
      ))}
    </FieldsetFrame>
  );
}

/** The booking's form for the chosen departure: tickets, pickup, private, add-ons, guest, payment, price. */
function BookingForm({ data, departure }: { data: PageData; departure: Departure }) {
  const { t, i18n } = useTranslation();
  const lastResult = useFormResult();
  const [form, fields] = useForm<StaffBookingFormInput>({
    id: "book",
    lastResult,
    constraint: data.constraint,
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending();
  const money = data.bookable.money;
  const zone = departure.timezone;
  const when = dateTimeFormat(i18n.language, { timeZone: zone, dateStyle: "full", timeStyle: "short" }).format(
    new Date(departure.startsAt),
  );
  return (
    <CardSection headingId="book-heading" heading={t("desk.newBooking.formTitle")} className="mt-8 max-w-2xl">
      <p className="mt-1 text-sm text-slate-700" data-testid="staff-chosen">
        {t("desk.newBooking.chosen", { service: departure.serviceName, when, zone })}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="slotId" value={departure.id} />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <FieldsetFrame field={fields.tickets} legend={t("desk.newBooking.tickets")} className="mt-1 space-y-2">
          {data.ticketTypes.map((type, index) => (
            <div key={type.id} className="flex items-center gap-3">
              <input type="hidden" name={`tickets[${index}].ticketTypeId`} value={type.id} />
              <input
                id={`ticket-${type.id}`}
                name={`tickets[${index}].quantity`}
                type="number"
                min={0}
                max={20}
                defaultValue={index === 0 ? 1 : 0}
                className="w-20 rounded-md border border-slate-300 px-2 py-1 text-base"
              />
              <label htmlFor={`ticket-${type.id}`} className="text-sm">
                {type.name}
                {money && type.priceMinor !== null
                  ? ` (${formatMoney(type.priceMinor, money.currency, i18n.language)})`
                  : ""}
              </label>
            </div>
          ))}
        </FieldsetFrame>
        <PrivateChoice data={data} fields={fields} />
        <PickupSelect data={data} departure={departure} fields={fields} />
        <AddOnQuantities data={data} fields={fields} />
        <TextField field={fields.guestName} label={t("desk.newBooking.guestName")} autoComplete="off" />
        <TextField field={fields.guestEmail} label={t("desk.newBooking.guestEmail")} type="email" autoComplete="off" />
        <TextField
          field={fields.guestPhone}
          label={t("desk.newBooking.guestPhone")}
          hint={t("desk.newBooking.guestPhoneHint")}
          type="tel"
          autoComplete="off"
        />
        <FieldsetFrame field={fields.payment} legend={t("desk.newBooking.payment")} className="mt-1 space-y-1">
          {STAFF_PAYMENTS.map((payment) => (
            <div key={payment} className="flex items-start gap-2">
              <input
                id={`payment-${payment}`}
                type="radio"
                name={fields.payment.name}
                value={payment}
                defaultChecked={(fields.payment.initialValue ?? "card_link") === payment}
                className="mt-1 h-4 w-4"
              />
              <label htmlFor={`payment-${payment}`} className="text-sm">
                {t(`desk.newBooking.paymentChoices.${payment}`)}
              </label>
            </div>
          ))}
        </FieldsetFrame>
        {money ? (
          <TextField
            field={fields.customTotal}
            label={t("desk.newBooking.customTotal", { currency: money.currency })}
            hint={t("desk.newBooking.customTotalHint")}
            inputMode="decimal"
          />
        ) : null}
        <div>
          <label htmlFor={fields.priceReason.id} className="block text-sm font-medium text-slate-800">
            {t("desk.newBooking.priceReason")}
          </label>
          <p id={`${fields.priceReason.id}-hint`} className="text-sm text-slate-700">
            {t("desk.newBooking.priceReasonHint")}
          </p>
          <textarea
            {...getTextareaProps(fields.priceReason, { ariaAttributes: false })}
            key={fields.priceReason.key}
            rows={2}
            aria-invalid={fields.priceReason.errors?.length ? true : undefined}
            aria-describedby={
              fields.priceReason.errors?.length
                ? `${fields.priceReason.id}-hint ${fields.priceReason.errorId}`
                : `${fields.priceReason.id}-hint`
            }
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <FieldError field={fields.priceReason} />
        </div>
        <CheckboxField field={fields.marketingConsent} label={t("desk.newBooking.marketingConsent")} />
        {departure.onSale ? null : (
          <div className="rounded-md bg-amber-50 p-3" data-testid="closed-warning">
            <p className="text-sm text-amber-900" id={`${fields.allowClosed.id}-warning`}>
              {t("desk.newBooking.closedWarning")}
            </p>
            <CheckboxField
              field={fields.allowClosed}
              label={t("desk.newBooking.allowClosed")}
              describedBy={`${fields.allowClosed.id}-warning`}
              className="mt-2 flex items-start gap-2"
            />
          </div>
        )}
        <SubmitButton
          pending={pending}
          label={t("desk.newBooking.submit")}
          pendingLabel={t("desk.newBooking.submitting")}
        />
      </Form>
    </CardSection>
  );
}

/** /console/bookings/new: a booking taken for a guest on the phone or at the desk. */
export function StaffBookingPage() {
  const data = useLoaderData<typeof loadStaffBookingPage>();
  const { t } = useTranslation();
  return (
    <>
      <BackLink to="/console/bookings">{t("desk.newBooking.back")}</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{data.title}</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">{t("desk.newBooking.intro")}</p>
      <ExperienceChooser data={data} />
      {data.experience ? <DepartureList data={data} /> : null}
      {data.departure ? <BookingForm key={data.departure.id} data={data} departure={data.departure} /> : null}
    </>
  );
}
