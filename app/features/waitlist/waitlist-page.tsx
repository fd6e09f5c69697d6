import { Link, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { StatusMessage } from "~/ui/status-message";
import { useTranslation } from "~/platform/i18n-react";
import { formatDateTime } from "~/ui/date-format";
import { FormError } from "~/ui/form-parts";
import { JoinForm } from "~/features/waitlist/join-form";
import type { loadWaitlist } from "~/features/waitlist/waitlist.server";
import { IntentForm } from "~/ui/intent-form";

/** The traveller's waitlist entries, each with its place or offer (leave in one click), and the join form. */
export function WaitlistPage() {
  const { entries, title, flash, join, joinGone } = useLoaderData<typeof loadWaitlist>();
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
                <IntentForm intent="leave" values={{ entryId: entry.id }}>
                  <button
                    type="submit"
                    className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                  >
                    {t(entry.status === "offered" ? "waitlist.decline" : "waitlist.leave")}
                    <span className="sr-only"> — {entry.experienceTitle}</span>
                  </button>
                </IntentForm>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
