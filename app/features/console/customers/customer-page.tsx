import { getFormProps, useForm } from "@conform-to/react";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { BackLink } from "~/ui/back-link";
import { DataTable } from "~/ui/data-table";
import { formatDate, formatDateTime } from "~/ui/date-format";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { formatMoney, formatPhone } from "~/ui/format";
import { CardSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { TextAreaField } from "~/ui/text-area-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { DepartureCell, ReferenceCell, TotalCell } from "../booking-cells";
import type { customerLoader } from "./customers.server";

/** The add-a-note form: a native POST (works without JavaScript), checked in the browser once it has loaded. */
function NoteForm() {
  const { constraint } = useLoaderData<typeof customerLoader>();
  const { t } = useTranslation();
  const lastResult = useFormResult();
  const validation = useFormValidation(
    () => import("./note-schemas"),
    (schemas) => schemas.noteFormSchema,
  );
  const [form, fields] = useForm({ id: "note", lastResult, constraint, ...validation });
  const pending = useIsPending();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <TextAreaField field={fields.body} label={t("desk.customers.noteLabel")} rows={3} plain />
      <SubmitButton
        pending={pending}
        label={t("desk.customers.addNote")}
        pendingLabel={t("desk.customers.addingNote")}
      />
    </Form>
  );
}

/** One customer: who they are, their bookings with this operator, the team's notes and the note form. */
export function CustomerPage() {
  const { page, flash, title, timeZone } = useLoaderData<typeof customerLoader>();
  const { t, i18n } = useTranslation();
  const { customer } = page;
  return (
    <>
      <BackLink to="/console/customers">{t("desk.customers.back")}</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-brand-ink">{title}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <dl
        className="mt-4 grid max-w-2xl grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm"
        data-testid="customer-facts"
      >
        <dt className="font-medium">{t("desk.customers.email")}</dt>
        <dd>{customer.email}</dd>
        {customer.phone ? (
          <>
            <dt className="font-medium">{t("desk.customers.phone")}</dt>
            <dd>{formatPhone(customer.phone)}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t("desk.customers.bookings")}</dt>
        <dd>{customer.bookings}</dd>
        {customer.money ? (
          <>
            <dt className="font-medium">{t("desk.customers.spent")}</dt>
            <dd>{formatMoney(customer.money.spentMinor, customer.money.currency, i18n.language)}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t("desk.customers.lastVisit")}</dt>
        <dd>
          {customer.lastVisit
            ? formatDate(customer.lastVisit.startsAt, { timeZone: customer.lastVisit.timezone, locale: i18n.language })
            : t("desk.customers.noVisit")}
        </dd>
        <dt className="font-medium">{t("desk.customers.consent")}</dt>
        <dd data-testid="customer-consent">
          {t(customer.marketingConsent ? "desk.customers.consentYes" : "desk.customers.consentNo")}
        </dd>
      </dl>
      <CardSection headingId="customer-bookings" heading={t("desk.customers.bookingsHeading")} className="mt-8">
        <DataTable
          rows={page.bookings}
          row={(row) => (
            <tr key={row.id} data-testid="customer-booking" data-booking-id={row.id} className="align-top">
              <ReferenceCell id={row.id} reference={row.reference} />
              <DepartureCell departure={row.departure} />
              <td className="py-2 pr-4">{row.guestsLabel}</td>
              <td className="whitespace-nowrap py-2 pr-4">{t(`desk.statusChoices.${row.status}`)}</td>
              <TotalCell money={row.money} />
            </tr>
          )}
          empty={t("desk.empty")}
          className="mt-2"
          caption={t("desk.customers.bookingsCaption")}
          columns={[t("desk.reference"), t("desk.departure"), t("desk.guests"), t("desk.state"), t("desk.total")]}
          alignFrom={4}
        />
      </CardSection>
      <CardSection headingId="customer-notes" heading={t("desk.customers.notesHeading")} className="mt-8 max-w-2xl">
        {page.notes.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t("desk.customers.noNotes")}</p>
        ) : (
          <ul className="mt-2 space-y-3 text-sm" data-testid="customer-notes-list">
            {page.notes.map((note) => (
              <li key={note.id} data-testid="customer-note">
                <p className="whitespace-pre-line">{note.body}</p>
                <p className="text-slate-700">
                  {note.author.name} · {formatDateTime(note.createdAt, { timeZone, locale: i18n.language })}
                </p>
              </li>
            ))}
          </ul>
        )}
        <NoteForm />
      </CardSection>
    </>
  );
}
