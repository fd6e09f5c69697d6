import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { minorUnitDigits, toMajorUnits, toMinorUnits } from "~contract/money";
import type { OperatorService } from "~contract/operator-services";
import { isPriceIntent, priceFormSchema, type PriceIntent } from "~/features/console/console-forms.server";
import { requireConsoleAbility } from "~/features/console/console.server";
import { ExperienceNav } from "~/features/console/experience-nav";
import { apiErrorResult, orNotFound } from "~/platform/api-errors.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { idParam, passHeaders, requireParams } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";

async function pageOf(request: Request, params: Record<string, string | undefined>) {
  const [caller, { experienceId }] = await Promise.all([
    requireConsoleAbility(request, "manageCatalog"),
    requireParams(request, params, { experienceId: idParam }),
  ]);
  return { ...caller, experienceId, path: `/console/experiences/${experienceId}/prices` };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [{ api, experienceId }, t] = await Promise.all([pageOf(request, params), i18next.getFixedT(request)]);
  const page = await orNotFound(request, api.call("operatorListServices", { params: { experienceId } }));
  const digits = minorUnitDigits(page.currency);
  const constraints = {
    service: getZodConstraint(priceFormSchema("service", digits)),
    create: getZodConstraint(priceFormSchema("create", digits)),
    delete: getZodConstraint(priceFormSchema("delete", digits)),
    prices: getZodConstraint(priceFormSchema("prices", digits)),
  };
  return withFlash(request, {
    page,
    digits,
    constraints,
    // A fresh key per page answer: the new-service form sent twice adds one service.
    idempotencyKey: crypto.randomUUID(),
    title: t("prices.title", { title: page.experience.title }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export const headers = passHeaders;

const FLASH: Record<PriceIntent, string> = {
  service: "prices.serviceSaved",
  create: "prices.serviceCreated",
  delete: "prices.serviceDeleted",
  prices: "prices.pricesSaved",
};

/** Each form posts here with its `intent`; each is one call to the console API. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api, experienceId, path } = await pageOf(request, params);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isPriceIntent(intent)) throw data("Choose one of the page's forms.", { status: 400 });
  const serviceId = formData.get("serviceId");
  const formId = intent === "create" ? intent : `${intent}:${typeof serviceId === "string" ? serviceId : ""}`;
  // The prices are typed in the operator's currency: its decimals decide what may be typed.
  const digits =
    intent === "prices"
      ? minorUnitDigits(
          (await orNotFound(request, api.call("operatorListServices", { params: { experienceId } }))).currency,
        )
      : 0;
  const submission = parseWithZod(formData, { schema: priceFormSchema(intent, digits) });
  // Not sent (a row added or removed, without JavaScript) or refused: the form again.
  if (submission.status !== "success") return formResult(submission.reply(), { intent: formId });
  const value = submission.value;
  try {
    switch (value.intent) {
      case "service":
        await api.call("operatorUpdateService", {
          params: { serviceId: value.serviceId },
          body: {
            name: value.name,
            description: value.description,
            durationMinutes: value.durationMinutes,
            capacity: value.capacity,
            sortOrder: value.sortOrder,
          },
        });
        break;
      case "create":
        await api.call("operatorCreateService", {
          params: { experienceId },
          headers: { "Idempotency-Key": value.idempotencyKey },
          body: {
            name: value.name,
            description: value.description,
            durationMinutes: value.durationMinutes,
            capacity: value.capacity,
          },
        });
        break;
      case "delete":
        await api.call("operatorDeleteService", { params: { serviceId: value.serviceId } });
        break;
      case "prices":
        await api.call("operatorSetTicketTypes", {
          params: { serviceId: value.serviceId },
          body: {
            ticketTypes: value.tickets.map((row) => ({
              ...(row.code ? { code: row.code } : {}),
              name: row.name,
              priceMinor: toMinorUnits(row.price, digits),
            })),
          },
        });
        break;
    }
  } catch (error) {
    return apiErrorResult(error, submission, {
      codes: {
        capacity_below_taken: { field: "capacity", key: "prices.capacityBelowTaken" },
        service_has_bookings: { key: "prices.hasBookings" },
      },
      intent: formId,
    });
  }
  return redirect(path, { headers: { "Set-Cookie": await setFlash(FLASH[value.intent]) } });
}

/** One experience's services: each with its fields and its ticket types and prices; a new service. */
export default function PricesPage() {
  const { page, flash, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <ExperienceNav experienceId={page.experience.id} title={page.experience.title} />
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <p className="mt-2 text-sm text-slate-700">{t("prices.intro", { currency: page.currency })}</p>
      {page.services.length === 0 ? <p className="mt-6">{t("prices.none")}</p> : null}
      {page.services.map((service) => (
        <ServiceSection key={service.id} service={service} />
      ))}
      <section aria-labelledby="new-service-heading" className="mt-10 max-w-xl rounded-xl border border-slate-200 p-4">
        <h2 id="new-service-heading" className="text-lg font-semibold text-brand-ink">
          {t("prices.newService")}
        </h2>
        <NewServiceForm />
      </section>
    </>
  );
}

type FormName = "service" | "create" | "delete" | "prices";

/** One form of the page; `S`: what it holds, as typed. A new `version` resets it (conform starts it again). */
function usePriceForm<S extends Record<string, unknown>>(intent: FormName, id: string, defaultValue: S, version = "") {
  const { constraints, digits } = useLoaderData<typeof loader>();
  const lastResult = useFormResult(id);
  // The page's schemas are picked by intent: their union is narrowed to this form's by `S`.
  const validation = useFormValidation(
    () => import("~/features/console/price-schemas"),
    (schemas) => schemas.priceFormSchema(intent, digits),
  ) as Partial<Parameters<typeof useForm<S>>[0]>;
  return useForm<S>({
    id: `${id.replace(":", "-")}${version}`,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: constraints[intent],
    ...validation,
  });
}

const figuresKey = (service: OperatorService) =>
  [service.name, service.description, service.durationMinutes, service.capacity, service.sortOrder].join("|");

const asText = (field: FieldMetadata<unknown>) => field as FieldMetadata<string | undefined>;

function ServiceSection({ service }: { service: OperatorService }) {
  const headingId = `service-${service.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-xl border border-slate-200 p-4" data-testid="service">
      <h2 id={headingId} className="text-lg font-semibold text-brand-ink">
        {service.name}
      </h2>
      <div className="mt-3 grid gap-8 lg:grid-cols-2">
        {/* Saved figures remount a form: it shows them, not what was typed. */}
        <ServiceForm key={figuresKey(service)} service={service} />
        <PricesForm key={JSON.stringify(service.ticketTypes)} service={service} />
      </div>
      <DeleteServiceForm service={service} />
    </section>
  );
}

function ServiceForm({ service }: { service: OperatorService }) {
  const { t } = useTranslation();
  const id = `service:${service.id}`;
  const [form, fields] = usePriceForm("service", id, {
    name: service.name,
    description: service.description,
    durationMinutes: String(service.durationMinutes),
    capacity: String(service.capacity),
    sortOrder: String(service.sortOrder),
  });
  const pending = useIsPending({ intent: "service" });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3"
      aria-label={t("prices.serviceForm", { name: service.name })}
    >
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="service" />
      <input type="hidden" name="serviceId" value={service.id} />
      <TextField field={asText(fields.name)} label={t("prices.name")} />
      <DescriptionField field={asText(fields.description)} />
      <TextField field={asText(fields.durationMinutes)} label={t("prices.duration")} inputMode="numeric" />
      <TextField
        field={asText(fields.capacity)}
        label={t("prices.capacity")}
        inputMode="numeric"
        hint={t("prices.capacityHint", { count: service.departuresAtCapacity, taken: service.seatsTakenMax })}
        messageValues={{ count: service.seatsTakenMax }}
      />
      <TextField field={asText(fields.sortOrder)} label={t("prices.position")} inputMode="numeric" />
      <SubmitButton pending={pending} label={t("prices.saveService")} pendingLabel={t("login.saving")} />
    </Form>
  );
}

function DescriptionField({ field }: { field: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation();
  const invalid = Boolean(field.errors?.length);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {t("prices.description")}
      </label>
      <textarea
        {...getTextareaProps(field, { ariaAttributes: false })}
        key={field.key}
        rows={3}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
      />
      {invalid ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {t(field.errors![0])}
        </p>
      ) : null}
    </div>
  );
}

type TicketRow = { code: string; name: string; price: string };

function PricesForm({ service }: { service: OperatorService }) {
  const { t } = useTranslation();
  const { digits } = useLoaderData<typeof loader>();
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
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-labelledby={captionId}>
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="prices" />
      <input type="hidden" name="serviceId" value={service.id} />
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
    </Form>
  );
}

/** The saved types' codes, for those who connect resellers or the API: folded away, read only. */
function TicketCodes({ service }: { service: OperatorService }) {
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
function Cell({
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

function DeleteServiceForm({ service }: { service: OperatorService }) {
  const { t } = useTranslation();
  const id = `delete:${service.id}`;
  const [form, fields] = usePriceForm<{ confirm?: string }>("delete", id, {});
  const confirm = fields.confirm;
  const invalid = Boolean(confirm.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 border-t border-slate-200 pt-4">
      <FormError errors={form.errors?.map((key) => t(key, { count: service.bookings }))} id={form.errorId} />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="serviceId" value={service.id} />
      <div className="flex items-start gap-2">
        <input
          {...getInputProps(confirm, { type: "checkbox", value: "on", ariaAttributes: false })}
          key={confirm.key}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? confirm.errorId : undefined}
          className="mt-1 h-4 w-4"
        />
        <label htmlFor={confirm.id} className="text-sm text-slate-800">
          {t("prices.confirmDeleteLabel", { name: service.name })}
        </label>
      </div>
      {invalid ? (
        <p id={confirm.errorId} className="mt-1 text-sm text-red-700">
          {t(confirm.errors![0])}
        </p>
      ) : null}
      <button
        type="submit"
        className="mt-2 rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-800"
      >
        {t("prices.deleteService", { name: service.name })}
      </button>
    </Form>
  );
}

/**
 * A new service: its key is the page answer's, so sending it twice adds the service once; once the
 * service is on the page the form starts again, empty (formVersion), with JavaScript too.
 */
function NewServiceForm() {
  const { t } = useTranslation();
  const { idempotencyKey, page } = useLoaderData<typeof loader>();
  const version = formVersion(page.services.map((service) => service.id));
  const [form, fields] = usePriceForm<Record<string, string>>("create", "create", {}, `-${version}`);
  const pending = useIsPending({ intent: "create" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <TextField field={asText(fields.name)} label={t("prices.name")} />
      <DescriptionField field={asText(fields.description)} />
      <TextField field={asText(fields.durationMinutes)} label={t("prices.duration")} inputMode="numeric" />
      <TextField field={asText(fields.capacity)} label={t("prices.capacity")} inputMode="numeric" />
      <SubmitButton pending={pending} label={t("prices.createService")} pendingLabel={t("login.saving")} />
    </Form>
  );
}
