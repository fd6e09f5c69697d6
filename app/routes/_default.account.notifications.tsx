import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { i18next } from "~/i18next.server";
import { ApiError, apiFor } from "~/lib/api.server";
import { requireSameOrigin } from "~/lib/origin.server";
import { safeRedirectPath } from "~/lib/redirects";
import { requireUser } from "~/lib/session.server";

import type { NotificationPage } from "~api/notifications/schema";

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const { data: notifications } = await apiFor(request, { token }).get<{ data: NotificationPage }>(
    "/v1/user/notifications",
  );
  const t = await i18next.getFixedT(request);
  return { notifications, title: t("account.notifications"), appName: t("app.name") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.title} · ${data.appName}` }] : [];

const ReadSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { token } = await requireUser(request);
  const parsed = ReadSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  try {
    await apiFor(request, { token }).patch(`/v1/user/notifications/${parsed.data.id}/read`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return data({ ok: false }, { status: 404 });
    throw error;
  }
  return { ok: true };
}

export default function NotificationsPage() {
  const { notifications, title } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
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
    </>
  );
}
