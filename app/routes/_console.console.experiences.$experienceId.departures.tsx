import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { OperatorDeparture } from "~contract/schedules";
import { DEPARTURE_SCHEMAS, isDepartureIntent } from "~/features/console/console-forms.server";
import { requireConsoleAbility } from "~/features/console/console.server";
import { DepartureRangeControls, departuresQuery } from "~/features/console/departure-range";
import { loadDepartures } from "~/features/console/departures.server";
import { ExperienceNav } from "~/features/console/experience-nav";
import { apiErrorResult, orNone } from "~/platform/api-errors.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { formatMoment } from "~/ui/date-format";
import { FieldError, FormError } from "~/ui/form-parts";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";
import { useFormResult } from "~/ui/use-form-result";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [{ api }, t] = await Promise.all([requireConsoleAbility(request, "manageCatalog"), i18next.getFixedT(request)]);
  const url = new URL(request.url);
  const cancelId = url.searchParams.get("cancel");
  const [{ list, range, invalidRange, maxDays }, cancel, team] = await Promise.all([
    loadDepartures(request, api, params.experienceId!, url.searchParams),
    cancelId ? orNone(api.call("operatorGetDeparture", { params: { departureId: cancelId } })) : null,
    api.call("operatorListGuides"),
  ]);
  return {
    list,
    range,
    invalidRange,
    maxDays,
    // The cancel step: only a departure of this experience, not cancelled yet.
    cancel:
      cancel && cancel.experience.id === list.experience.id && cancel.departure.status !== "cancelled"
        ? cancel.departure
        : null,
    notice: url.searchParams.get("done"),
    // Who may lead a departure: any member of the team.
    guides: team.guides,
    capacityConstraint: getZodConstraint(DEPARTURE_SCHEMAS.capacity),
    title: t("schedules.departuresTitle", { title: list.experience.title }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
export const headers = passHeaders;

const NOTICES = {
  capacity: "capacitySaved",
  status: "statusSaved",
  keep: "keptDone",
  cancel: "cancelledDone",
  guide: "guideSaved",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api } = await requireConsoleAbility(request, "manageCatalog");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isDepartureIntent(intent)) throw data("Choose one of the page's forms.", { status: 400 });
  const submission = parseWithZod(formData, { schema: DEPARTURE_SCHEMAS[intent] });
  const rowId = `${intent}:${String(formData.get("departureId") ?? "")}`;
  if (submission.status !== "success") return formResult(submission.reply(), { intent: rowId });
  const value = submission.value;
  const departureId = { departureId: value.departureId };
  try {
    if (value.intent === "capacity")
      await api.call("operatorUpdateDeparture", { params: departureId, body: { capacity: value.capacity } });
    else if (value.intent === "status")
      await api.call("operatorUpdateDeparture", { params: departureId, body: { status: value.status } });
    else if (value.intent === "keep")
      await api.call("operatorUpdateDeparture", { params: departureId, body: { keep: true } });
    else if (value.intent === "guide")
      await api.call("operatorUpdateDeparture", {
        params: departureId,
        body: { guideUserId: value.guideUserId ? value.guideUserId : null },
      });
    else await api.call("operatorCancelDeparture", { params: departureId });
  } catch (error) {
    const taken = (error as { code?: string; details?: { taken?: number } }).details?.taken;
    if (typeof taken === "number")
      return formResult(submission.reply({ fieldErrors: { capacity: [`schedules.capacityBelowTaken:${taken}`] } }), {
        intent: rowId,
        status: 409,
      });
    return apiErrorResult(error, submission, { intent: rowId });
  }
  // Back to the same service and dates (the page's address, as read again by its loader).
  const asked = new URL(request.url).searchParams;
  const range = { service: asked.get("service") ?? "", from: asked.get("from") ?? "", to: asked.get("to") ?? "" };
  const query = departuresQuery(range, { done: NOTICES[value.intent] });
  return redirect(
    `/console/experiences/${encodeURIComponent(params.experienceId!)}/departures?${query}#departure-${value.departureId}`,
  );
}

export default function DeparturesPage() {
  const { list, range, invalidRange, maxDays, cancel, notice } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <ExperienceNav experienceId={list.experience.id} title={list.experience.title} />
      <h1 className="text-2xl font-bold text-brand-ink">
        {t("schedules.departuresTitle", { title: list.experience.title })}
      </h1>
      {notice && Object.values(NOTICES).includes(notice as never) ? (
        <StatusMessage>{t(notice === "guideSaved" ? "manifest.guideSaved" : `schedules.${notice}`)}</StatusMessage>
      ) : null}
      {cancel ? <CancelStep departure={cancel} /> : null}
      {list.needsDecision.length ? (
        <section aria-labelledby="decide-heading" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h2 id="decide-heading" className="text-lg font-semibold text-brand-ink">
            {t("schedules.needsDecision")}
          </h2>
          <p className="mt-1 text-sm text-slate-800">{t("schedules.needsDecisionHint")}</p>
          <ul className="mt-3 space-y-3" data-testid="needs-decision">
            {list.needsDecision.map((departure) => (
              <DepartureRow key={departure.id} departure={departure} decide />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="upcoming-heading" className="mt-6">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-brand-ink">
          {t("schedules.upcoming")}
        </h2>
        <DepartureRangeControls list={list} range={range} invalidRange={invalidRange} maxDays={maxDays} />
        {list.departures.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("schedules.noDepartures")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="departures">
            {list.departures.map((departure) => (
              <DepartureRow key={departure.id} departure={departure} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function DepartureRow({ departure, decide = false }: { departure: OperatorDeparture; decide?: boolean }) {
  const { list, range } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const when = formatMoment(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language });
  const cancelled = departure.status === "cancelled";
  const rowId = decide ? undefined : `departure-${departure.id}`;
  return (
    <li id={rowId} className="flex flex-wrap items-end justify-between gap-4 p-4" data-testid="departure">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {when}
          {list.services.length > 1 ? ` · ${departure.serviceName}` : ""}
        </p>
        <p className="text-sm text-slate-700" data-testid="departure-figures">
          {t("schedules.figures", {
            capacity: departure.capacity,
            sold: departure.seatsSold,
            held: departure.seatsHeld,
          })}{" "}
          · {t(`schedules.status_${departure.status}`)}
          {!cancelled && departure.status === "open" && !departure.onSale ? ` · ${t("schedules.salesStopped")}` : ""}
          {" · "}
          {departure.ruleId ? t("schedules.fromRule") : t("schedules.oneOff")}
        </p>
      </div>
      {cancelled ? null : (
        <div className="flex flex-wrap items-end gap-3">
          {decide ? null : <GuideForm departure={departure} when={when} />}
          {decide ? null : <CapacityForm departure={departure} />}
          {decide ? (
            <Form method="post">
              <input type="hidden" name="intent" value="keep" />
              <input type="hidden" name="departureId" value={departure.id} />
              <button
                type="submit"
                className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
                aria-label={t("schedules.keepWhen", { when })}
              >
                {t("schedules.keep")}
              </button>
            </Form>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="departureId" value={departure.id} />
              <input type="hidden" name="status" value={departure.status === "open" ? "closed" : "open"} />
              <button
                type="submit"
                className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
                aria-label={t(departure.status === "open" ? "schedules.closeWhen" : "schedules.reopenWhen", { when })}
              >
                {t(departure.status === "open" ? "schedules.close" : "schedules.reopen")}
              </button>
            </Form>
          )}
          <Link
            to={`/console/departures/${encodeURIComponent(departure.id)}/waitlist`}
            className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
            aria-label={t("waitlist.consoleLinkWhen", { when })}
          >
            {t("waitlist.consoleLink")}
          </Link>
          <Link
            to={`?${departuresQuery(range, { cancel: departure.id })}#cancel-heading`}
            className="rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-800"
            aria-label={t("schedules.cancelWhen", { when })}
          >
            {t("schedules.cancel")}
          </Link>
        </div>
      )}
    </li>
  );
}

/** The departure's guide: a select of the team (or none) and its own submit; works without JavaScript. */
function GuideForm({ departure, when }: { departure: OperatorDeparture; when: string }) {
  const { guides } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const selectId = `guide-${departure.id}`;
  return (
    <Form method="post" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="guide" />
      <input type="hidden" name="departureId" value={departure.id} />
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
          {t("manifest.guide")}
        </label>
        <select
          id={selectId}
          name="guideUserId"
          defaultValue={departure.guide?.userId ?? ""}
          className="mt-1 block max-w-48 rounded-md border border-slate-300 px-3 py-2 text-base"
        >
          <option value="">{t("manifest.noGuide")}</option>
          {guides.map((guide) => (
            <option key={guide.userId} value={guide.userId}>
              {guide.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
        aria-label={t("manifest.assignGuideWhen", { when })}
      >
        {t("manifest.assignGuide")}
      </button>
    </Form>
  );
}

function CapacityForm({ departure }: { departure: OperatorDeparture }) {
  const { capacityConstraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `capacity-${departure.id}`,
    lastResult: useFormResult(`capacity:${departure.id}`),
    constraint: capacityConstraint,
    defaultValue: { capacity: String(departure.capacity) },
    shouldRevalidate: "onInput",
  });
  const error = fields.capacity.errors?.[0];
  const [key, taken] = error?.startsWith("schedules.capacityBelowTaken:") ? error.split(":") : [error, undefined];
  return (
    <Form method="post" {...getFormProps(form)} className="flex items-end gap-2">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="capacity" />
      <input type="hidden" name="departureId" value={departure.id} />
      <div>
        <label htmlFor={fields.capacity.id} className="block text-sm font-medium text-slate-800">
          {t("schedules.capacity")}
        </label>
        <input
          {...getInputProps(fields.capacity, { type: "number", ariaAttributes: false })}
          key={fields.capacity.key}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fields.capacity.errorId : undefined}
          autoFocus={Boolean(error)}
          className="mt-1 block w-24 rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        {taken !== undefined ? (
          <p id={fields.capacity.errorId} className="mt-1 text-sm text-red-700" role="alert">
            {t("schedules.capacityBelowTaken", { count: Number(taken) })}
          </p>
        ) : key ? (
          <FieldError field={{ errors: [key], errorId: fields.capacity.errorId }} />
        ) : null}
      </div>
      <button type="submit" className="rounded-md bg-brand px-3 py-2 text-sm font-semibold text-white">
        {t("schedules.saveCapacity")}
      </button>
    </Form>
  );
}

/** The cancel step: how many guests will be refunded and told, then the confirming button. */
function CancelStep({ departure }: { departure: OperatorDeparture }) {
  const { range } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const when = formatMoment(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language });
  return (
    <section aria-labelledby="cancel-heading" className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4">
      <h2 id="cancel-heading" className="text-lg font-semibold text-red-900" tabIndex={-1}>
        {t("schedules.cancelHeading", { when })}
      </h2>
      <p className="mt-1 text-sm text-slate-900">{t("schedules.cancelConsequence", { count: departure.bookings })}</p>
      <div className="mt-3 flex gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="departureId" value={departure.id} />
          <button type="submit" className="rounded-md bg-red-800 px-3 py-2 text-sm font-semibold text-white">
            {t("schedules.confirmCancel")}
          </button>
        </Form>
        <Link
          to={`?${departuresQuery(range)}`}
          className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
        >
          {t("schedules.keepIt")}
        </Link>
      </div>
    </section>
  );
}
