import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useFormResult } from "~/ui/use-form-result";
import { setFlash, withFlash } from "~/platform/flash.server";
import { StatusMessage } from "~/ui/status-message";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult, orNone } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { ID, JoinSchema, WaitlistSchema } from "~/features/waitlist/waitlist-form.server";
import { passHeaders } from "~/platform/http.server";
import { formatDateTime } from "~/ui/date-format";
import { FieldError, FormError, SubmitButton } from "~/ui/form-parts";
import { useIsPending } from "~/ui/use-is-pending";
import type { WaitlistDeparture } from "~contract/waitlist";

/**
 * The traveller's waitlist entries (leave in one click), and the join form for a sold-out
 * departure when the details page links here with `?service=&slot=`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const query = new URL(request.url).searchParams;
  const serviceId = query.get("service");
  const slotId = query.get("slot");
  const api = apiFor(request, { token });
  const [entries, t] = await Promise.all([api.call("myWaitlist"), i18next.getFixedT(request)]);
  const asked = serviceId && slotId && ID.test(serviceId) && ID.test(slotId) ? { serviceId, slotId } : null;
  // The departure the form is for, named on it (gone, started or closed: no form, and the page says so).
  const departure =
    asked && !entries.some((entry) => entry.slotId === asked.slotId)
      ? await orNone(
          api.call("waitlistDeparture", { params: { slotId: asked.slotId }, query: { serviceId: asked.serviceId } }),
          "slot_not_found",
          "sales_closed",
        )
      : null;
  return withFlash(request, {
    entries,
    join: departure,
    joinGone: asked !== null && departure === null && !entries.some((entry) => entry.slotId === asked.slotId),
    constraint: getZodConstraint(JoinSchema),
    title: t("waitlist.title"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireToken(request);
  const submission = parseWithZod(await readFormData(request), { schema: WaitlistSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  const value = submission.value;
  try {
    const api = apiFor(request, { token });
    if (value.intent === "join") {
      await api.call("joinWaitlist", {
        body: { serviceId: value.serviceId, slotId: value.slotId, seats: value.seats },
      });
    } else {
      await api.call("leaveWaitlist", { params: { entryId: value.entryId } });
    }
  } catch (error) {
    return apiErrorResult(error, submission);
  }
  throw redirect("/account/waitlist", {
    headers: { "Set-Cookie": await setFlash(value.intent === "join" ? "waitlist.joined" : "waitlist.left") },
  });
}

function JoinForm({ departure }: { departure: WaitlistDeparture }) {
  const { serviceId, slotId } = departure;
  const { t, i18n } = useTranslation();
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useFormResult("join");
  const [form, fields] = useForm({
    id: "waitlist-join",
    lastResult,
    constraint,
    defaultValue: { seats: "1" },
    shouldValidate: "onSubmit",
  });
  const pending = useIsPending({ intent: "join" });
  return (
    <section aria-labelledby="join-heading" className="mt-6 rounded-xl border border-slate-200 p-4">
      <h2 id="join-heading" className="text-lg font-semibold">
        {t("waitlist.joinTitle")}
      </h2>
      <p className="mt-2 font-semibold" data-testid="waitlist-join-departure">
        {departure.experienceTitle} — {departure.serviceName}
      </p>
      <p className="text-sm text-slate-700">
        <time dateTime={departure.startsAt}>
          {formatDateTime(departure.startsAt, { timeZone: departure.timezone, locale: i18n.language })}
        </time>{" "}
        ({departure.timezone})
      </p>
      <p className="mt-1 text-sm text-slate-700">{t("waitlist.joinHint")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <FormError errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="join" />
        <input type="hidden" name="serviceId" value={serviceId} />
        <input type="hidden" name="slotId" value={slotId} />
        <div>
          <label htmlFor={fields.seats.id} className="block text-sm font-medium">
            {t("waitlist.seats")}
          </label>
          <input
            {...getInputProps(fields.seats, { type: "number" })}
            className="mt-1 w-24 rounded-md border border-slate-400 px-3 py-2"
          />
          <FieldError field={fields.seats} />
        </div>
        <SubmitButton pending={pending} label={t("waitlist.join")} pendingLabel={t("waitlist.joining")} />
      </Form>
    </section>
  );
}

export default function WaitlistPage() {
  const { entries, title, flash, join, joinGone } = useLoaderData<typeof loader>();
  const refused = useFormResult("leave")?.error?.[""];
  const { t, i18n } = useTranslation();
  return (
    <>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <FormError errors={refused ?? undefined} />
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      {join ? <JoinForm departure={join} /> : null}
      {joinGone ? <p className="mt-6 text-slate-700">{t("waitlist.joinGone")}</p> : null}
      {entries.length === 0 ? <p className="mt-6 text-slate-700">{t("waitlist.empty")}</p> : null}
      <ul className="mt-6 space-y-3" data-testid="waitlist-entries">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-lg border border-slate-200 p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="font-semibold">
                  <Link to={`/experiences/${entry.experienceId}/${entry.serviceId}`} className="underline">
                    {entry.experienceTitle}
                  </Link>{" "}
                  — {entry.serviceName}
                </p>
                <p className="text-sm text-slate-700">
                  <time dateTime={entry.startsAt}>
                    {formatDateTime(entry.startsAt, { timeZone: entry.timezone, locale: i18n.language })}
                  </time>{" "}
                  · {t("waitlist.party", { count: entry.seats })}
                </p>
                <p className="mt-1 text-sm" data-testid="waitlist-status">
                  {entry.status === "waiting" && entry.placeInLine !== null
                    ? t("waitlist.placeInLine", { place: entry.placeInLine })
                    : entry.status === "offered" && entry.offerExpiresAt
                      ? t("waitlist.offeredUntil", {
                          until: formatDateTime(entry.offerExpiresAt, {
                            timeZone: entry.timezone,
                            locale: i18n.language,
                          }),
                        })
                      : t(`waitlist.status_${entry.status}`)}
                </p>
              </div>
              {entry.status === "waiting" || entry.status === "offered" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="leave" />
                  <input type="hidden" name="entryId" value={entry.id} />
                  <button
                    type="submit"
                    className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                  >
                    {t(entry.status === "offered" ? "waitlist.decline" : "waitlist.leave")}
                    <span className="sr-only"> — {entry.experienceTitle}</span>
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
