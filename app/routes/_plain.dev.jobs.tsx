import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DevTable, OneFieldForm } from "~/features/dev/dev-parts";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { config } from "~/platform/config.server";
import { readFormData } from "~/platform/form.server";
import { pageNotFound, passHeaders } from "~/platform/http.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { formatDateTime, TRAVELLER_TIME_ZONE } from "~/ui/date-format";
import { StatusMessage } from "~/ui/status-message";

/** Dev page: the job runner's queues and latest jobs, and the test clock. Absent in production. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (config.production) throw await pageNotFound(request);
  const [jobs, t] = await Promise.all([apiFor(request).call("devJobs"), i18next.getFixedT(request)]);
  return { jobs, title: t("jobs.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : [];

// Like every page with an action (tests/unit/route-headers.test.ts).
export const headers = passHeaders;

/**
 * Moves the test clock forward (minutes) and runs what became due. Answers what ran: a dev tool's
 * report, the one action without a form's result (FormResult).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (config.production) throw await pageNotFound(request);
  requireSameOrigin(request);
  const minutes = Number((await readFormData(request)).get("minutes"));
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 525_600) return data({ ran: null }, { status: 400 });
  const moved = await apiFor(request).call("moveDevClock", { body: { advanceMinutes: minutes } });
  return { ran: moved.ran };
}

export default function DevJobs() {
  const { jobs, title } = useLoaderData<typeof loader>();
  const moved = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("jobs.hint")}</p>
      <p className="mt-4" data-testid="runner">
        {jobs.running ? t("jobs.running") : t("jobs.stopped")}
      </p>
      <p className="mt-2" data-testid="clock">
        {t("jobs.clock", {
          now: formatDateTime(jobs.clock.now, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language }),
          offset: jobs.clock.offsetMinutes,
        })}
      </p>
      <OneFieldForm
        method="post"
        className="mt-3 flex items-end gap-2"
        label={t("jobs.advance")}
        submit={t("jobs.move")}
        input={{ name: "minutes", type: "number", min: 0, max: 525600, required: true, defaultValue: 60 }}
      />
      {moved?.ran ? (
        <StatusMessage className="mt-3">
          {t("jobs.moved", {
            ran: Object.entries(moved.ran)
              .map(([name, count]) => `${name} ${count}`)
              .join(", "),
          })}
        </StatusMessage>
      ) : null}
      <h2 className="mt-8 text-lg font-semibold">{t("jobs.queues")}</h2>
      <DevTable
        headings={[t("jobs.queue"), "created", "retry", "active", "completed", "failed"]}
        rows={jobs.queues.map((queue) => ({
          key: queue.name,
          cells: [queue.name, queue.created, queue.retry, queue.active, queue.completed, queue.failed],
        }))}
      />
      <h2 className="mt-8 text-lg font-semibold">{t("jobs.recent")}</h2>
      {jobs.recent.length === 0 ? <p className="mt-2 text-slate-700">{t("jobs.none")}</p> : null}
      <DevTable
        headings={[t("jobs.job"), t("jobs.state"), t("jobs.retries"), t("jobs.created")]}
        rows={jobs.recent.map((job) => ({
          key: job.id,
          cells: [
            job.name,
            job.state,
            job.retryCount,
            formatDateTime(job.createdOn, { timeZone: TRAVELLER_TIME_ZONE, locale: i18n.language }),
          ],
        }))}
      />
    </main>
  );
}
