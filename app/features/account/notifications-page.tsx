import { Link, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import { StatusMessage } from "~/ui/status-message";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { safeRedirectPath } from "~/platform/redirects";
import { Pagination } from "~/ui/pagination";
import { formatDateTime } from "~/ui/date-format";
import { useTravellerZone } from "~/ui/traveller-zone";
import { FormError } from "~/ui/form-parts";
import { NotificationPreferencesForm } from "~/features/account/notification-preferences";
import type { loadNotifications } from "~/features/account/notifications.server";
import { IntentForm } from "~/ui/intent-form";

/** The notifications, newest first (mark one or all read), then the preferences. */
export function NotificationsPage() {
  const travellerZone = useTravellerZone();
  const { notifications, title, flash } = useLoaderData<typeof loadNotifications>();
  const refused = useFormResult()?.error?.[""];
  const { t, i18n } = useTranslation();
  return (
    <>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <FormError errors={refused ?? undefined} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
        {notifications.unread > 0 ? (
          <IntentForm intent="all">
            <Button variant="outline">{t("notifications.markAllRead")}</Button>
          </IntentForm>
        ) : null}
      </div>
      {notifications.items.length === 0 ? <p className="mt-6 text-slate-700">{t("notifications.empty")}</p> : null}
      <ul className="mt-6 space-y-3">
        {notifications.items.map((item) => (
          <li
            key={item.id}
            className={`rounded-lg border p-4 ${item.readAt ? "border-slate-200" : "border-brand bg-brand/5"}`}
          >
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold">
                  {item.readAt ? null : <span className="sr-only">{t("notifications.unread")}: </span>}
                  {item.link ? (
                    <Link to={safeRedirectPath(item.link)} className="underline">
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                </p>
                <p className="text-sm text-slate-700">{item.body}</p>
                <p className="mt-1 text-xs text-slate-600">
                  <time dateTime={item.createdAt}>
                    {formatDateTime(item.createdAt, { timeZone: travellerZone, locale: i18n.language })}
                  </time>
                </p>
              </div>
              {item.readAt ? null : (
                <IntentForm intent="one" values={{ id: item.id }}>
                  <button
                    type="submit"
                    className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50"
                  >
                    {t("notifications.markRead")}
                  </button>
                </IntentForm>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={notifications.page} totalPages={notifications.totalPages} />
      <NotificationPreferencesForm />
    </>
  );
}
