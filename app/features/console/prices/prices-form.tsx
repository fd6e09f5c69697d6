import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { toMajorUnits } from "~contract/money";
import type { OperatorService } from "~contract/operator/services";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { useIsPending } from "~/ui/use-is-pending";
import type { PricesPageData } from "./prices-data";
import { usePriceForm, asText } from "./use-price-form";
import { IntentForm } from "~/ui/intent-form";

export type TicketRow = { code: string; name: string; price: string };

export function PricesForm({ service }: { service: OperatorService }) {
  const { t } = useTranslation();
  const { digits } = useLoaderData<PricesPageData>();
  const id = `prices:${service.id}`;
  const [form, fields] = usePriceForm<{ tickets: TicketRow[] }>("prices", id, {
    tickets: service.ticketTypes.length
      ? service.ticketTypes.map((type) => ({
          code: type.code,
          name: type.name,
          price: toMajorUnits(type.priceMinor, digits),
        }))
      : [{ code: "", name: "", price: "" }],
  });
  const rows = fields.tickets.getFieldList();
  const pending = useIsPending({ intent: "prices" });
  // A row added with JavaScript: its first field takes the focus.
  const count = useRef(rows.length);
  useEffect(() => {
    if (rows.length > count.current) document.getElementById(rows[rows.length - 1].getFieldset().name.id)?.focus();
    count.current = rows.length;
  }, [rows]);
  const captionId = `${form.id}-caption`;
  return (
    <IntentForm
      meta={form}
      intent="prices"
      values={{ serviceId: service.id }}
      className="space-y-3"
      aria-labelledby={captionId}
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="mb-2 text-left font-semibold text-slate-900">
          {t("prices.ticketTypesOf", { name: service.name })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="pb-1 pr-2 font-medium text-slate-800">
              {t("prices.ticketName")}
            </th>
            <th scope="col" className="pb-1 pr-2 font-medium text-slate-800">
              {t("prices.price", { currency: service.currency })}
            </th>
            <th scope="col" className="pb-1 font-medium text-slate-800">
              <span className="sr-only">{t("prices.rowActions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const cells = row.getFieldset();
            const number = index + 1;
            return (
              <tr key={row.key} data-testid="ticket-row" className="align-top">
                <td className="pr-2 pb-2">
                  {/* A saved type's code travels unseen: renaming it keeps its code. */}
                  <input
                    {...getInputProps(cells.code, { type: "hidden", ariaAttributes: false })}
                    key={cells.code.key}
                  />
                  <Cell field={asText(cells.name)} label={t("prices.nameOfRow", { number })} />
                </td>
                <td className="pr-2 pb-2">
                  <Cell
                    field={asText(cells.price)}
                    label={t("prices.priceOfRow", { number, currency: service.currency })}
                    inputMode={digits > 0 ? "decimal" : "numeric"}
                  />
                </td>
                <td className="pb-2">
                  <button
                    {...form.remove.getButtonProps({ name: fields.tickets.name, index })}
                    formNoValidate
                    className="rounded-md border border-slate-400 px-2 py-2 text-sm text-slate-800"
                    aria-label={t("prices.removeRow", { number })}
                  >
                    {t("prices.remove")}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {fields.tickets.errors?.length ? (
        <p id={fields.tickets.errorId} className="text-sm text-red-700" role="alert">
          {t(fields.tickets.errors[0])}
        </p>
      ) : null}
      <button
        {...form.insert.getButtonProps({ name: fields.tickets.name, defaultValue: { code: "", name: "", price: "" } })}
        formNoValidate
        className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium text-slate-800"
      >
        {t("prices.addRow")}
      </button>
      <SubmitButton pending={pending} label={t("prices.savePrices")} pendingLabel={t("login.saving")} />
      <TicketCodes service={service} />
    </IntentForm>
  );
}

/** The saved types' codes, for those who connect resellers or the API: folded away, read only. */
export function TicketCodes({ service }: { service: OperatorService }) {
  const { t } = useTranslation();
  if (service.ticketTypes.length === 0) return null;
  return (
    <details className="text-sm text-slate-700" data-testid="ticket-codes">
      <summary className="cursor-pointer font-medium text-slate-800">{t("prices.codesSummary")}</summary>
      <p className="mt-1">{t("prices.codesHint")}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4">
        {service.ticketTypes.map((type) => (
          <div key={type.id} className="contents">
            <dt>{type.name}</dt>
            <dd>
              <code>{type.code}</code>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** One cell of the ticket-type table: its input, its label (for screen readers), its error. */
export function Cell({
  field,
  label,
  inputMode,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  inputMode?: "decimal" | "numeric";
}) {
  const { t } = useTranslation();
  const invalid = Boolean(field.errors?.length);
  return (
    <>
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "text", ariaAttributes: false })}
        key={field.key}
        inputMode={inputMode}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        className={`block w-full rounded-md border px-2 py-2 text-base ${invalid ? "border-red-600" : "border-slate-300"}`}
      />
      {invalid ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {t(field.errors![0])}
        </p>
      ) : null}
    </>
  );
}
