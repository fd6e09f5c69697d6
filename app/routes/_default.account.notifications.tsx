import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormResult } from "~/ui/use-form-result";
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationPreferences,
} from "~contract/preference-values";
import { setFlash, withFlash } from "~/platform/flash.server";
import { StatusMessage } from "~/ui/status-message";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { safeRedirectPath } from "~/platform/redirects";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";
import { Pagination } from "~/ui/pagination";
import { ColumnHeads } from "~/ui/column-heads";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { pageOf, passHeaders } from "~/platform/http.server";
import { formatDateTime } from "~/ui/date-format";
import { useTravellerZone } from "~/ui/traveller-zone";
import { FormError } from "~/ui/form-parts";
import { useIsPending } from "~/ui/use-is-pending";

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const [notifications, preferences, t] = await Promise.all([
    apiFor(request, { token }).call("notifications", { query: { page: pageOf(request) } }),
    apiFor(request, { token }).call("notificationPreferences"),
    i18next.getFixedT(request),
  ]);
  return withFlash(request, { notifications, preferences, title: t("account.notifications") });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

function preferencesOf(value: Record<string, unknown>): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => [
      category,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, value[`${category}_${channel}`] === "on"])),
    ]),
  ) as NotificationPreferences;
}

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

export async function action({ request }: ActionFunctionArgs) {
  /** A ticked box posts "on"; an unticked one posts nothing. */
  const box = z.literal("on").optional();
  const ReadSchema = z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("one"), id: z.string().max(64) }),
    z.object({ intent: z.literal("all") }),
    z.object({
      intent: z.literal("preferences"),
      ...Object.fromEntries(
        NOTIFICATION_CATEGORIES.flatMap((category) =>
          NOTIFICATION_CHANNELS.map((channel) => [`${category}_${channel}`, box]),
        ),
      ),
    }),
  ]);
  requireSameOrigin(request);
  const token = await requireToken(request);
  const submission = parseWithZod(await readFormData(request), { schema: ReadSchema });
  if (submission.status !== "success") return formResult(submission.reply());
  try {
    const api = apiFor(request, { token });
    const value = submission.value;
    if (value.intent === "preferences") {
      await api.call("setNotificationPreferences", { body: preferencesOf(value) });
      const url = new URL(request.url);
      throw redirect(url.pathname + url.search, { headers: { "Set-Cookie": await setFlash("preferences.saved") } });
    }
    if (value.intent === "all") await api.call("markAllNotificationsRead");
    else await api.call("markNotificationRead", { params: { id: value.id as string } });
  } catch (error) {
    return apiErrorResult(error, submission);
  }
  return formResult(submission.reply());
}

function Preferences() {
  const { preferences } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const saving = useIsPending({ intent: "preferences" });
  return (
    <section aria-labelledby="preferences-heading" className="mt-10 rounded-xl border border-slate-200 p-4">
      <h2 id="preferences-heading" className="text-lg font-semibold">
        {t("preferences.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("preferences.hint")}</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="preferences" />
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("preferences.title")}</caption>
          <ColumnHeads
            className="text-slate-600"
            cell="py-2"
            labels={[t("preferences.category"), ...NOTIFICATION_CHANNELS.map((channel) => t(`preferences.${channel}`))]}
            alignFrom={1}
            align="text-center"
          />
          <tbody className="divide-y divide-slate-100">
            {NOTIFICATION_CATEGORIES.map((category) => (
              <tr key={category}>
                <th scope="row" className="py-2 font-normal">
                  {t(`preferences.category_${category}`)}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="py-2 text-center">
                    <input
                      type="checkbox"
                      name={`${category}_${channel}`}
                      defaultChecked={preferences[category][channel]}
                      aria-label={t("preferences.channelLabel", {
                        channel: t(`preferences.${channel}`),
                        category: t(`preferences.category_${category}`),
                      })}
                      className="h-4 w-4"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="submit"
          disabled={saving}
          className="mt-3 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-70"
        >
          {t("preferences.save")}
        </button>
      </Form>
    </section>
  );
}

export default function NotificationsPage() {
  const travellerZone = useTravellerZone();
  const { notifications, title, flash } = useLoaderData<typeof loader>();
  const refused = useFormResult()?.error?.[""];
  const { t, i18n } = useTranslation();
  return (
    <>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <FormError errors={refused ?? undefined} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
        {notifications.unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="all" />
            <button
              type="submit"
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
            >
              {t("notifications.markAllRead")}
            </button>
          </Form>
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
                <Form method="post">
                  <input type="hidden" name="intent" value="one" />
                  <input type="hidden" name="id" value={item.id} />
                  <button
                    type="submit"
                    className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50"
                  >
                    {t("notifications.markRead")}
                  </button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={notifications.page} totalPages={notifications.totalPages} />
      <Preferences />
    </>
  );
}
