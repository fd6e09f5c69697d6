import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { i18next } from "~/platform/i18next.server";
import { apiFor, isApiError } from "~/platform/api.server";
import { apiErrorKey } from "~/platform/api-errors";
import { requireSameOrigin } from "~/platform/origin.server";
import { safeRedirectPath } from "~/platform/redirects";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { pageMeta } from "~/ui/meta";
import { Pagination } from "~/ui/pagination";

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  const [notifications, t] = await Promise.all([
    apiFor(request, { token })
      .call("notifications", { query: { page } })
      .catch(async (error: unknown) => {
        // A page number the API refuses (not a number, too big) shows the first page.
        if (isApiError(error, "validation_error")) return apiFor(request, { token }).call("notifications");
        throw error;
      }),
    i18next.getFixedT(request),
  ]);
  return { notifications, title: t("account.notifications"), appName: t("app.name") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

const ReadSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("one"), id: z.string().max(64) }),
  z.object({ intent: z.literal("all") }),
]);

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = requireToken(request);
  const submission = parseWithZod(await request.formData(), { schema: ReadSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const api = apiFor(request, { token });
    const value = submission.value;
    if (value.intent === "all") await api.call("markAllNotificationsRead");
    else await api.call("markNotificationRead", { params: { id: value.id } });
  } catch (error) {
    if (isApiError(error) && error.status < 500) {
      return data(submission.reply({ formErrors: [apiErrorKey(error.code)] }), { status: error.status });
    }
    throw error;
  }
  return submission.reply();
}

export default function NotificationsPage() {
  const { notifications, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <>
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
                <p className="mt-1 text-xs text-slate-500">{new Date(item.createdAt).toLocaleString(i18n.language)}</p>
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
    </>
  );
}
