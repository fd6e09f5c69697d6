import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/platform/redirect.server";
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationPreferences,
} from "~contract/identity/preference-values";
import { setFlash, withFlash } from "~/platform/flash.server";
import { i18next } from "~/platform/i18next.server";
import { apiFor } from "~/platform/api.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { formResult } from "~/platform/form-result.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { requireToken, requireUser } from "~/features/auth/session.server";
import { parseWithZod, readFormData, z } from "~/platform/form.server";
import { pageOf } from "~/platform/http.server";

/** The user's notifications (a page of them) and their preferences. */
export async function loadNotifications({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const [notifications, preferences, t] = await Promise.all([
    apiFor(request, { token }).call("notifications", { query: { page: pageOf(request) } }),
    apiFor(request, { token }).call("notificationPreferences"),
    i18next.getFixedT(request),
  ]);
  return withFlash(request, { notifications, preferences, title: t("account.notifications") });
}

function preferencesOf(value: Record<string, unknown>): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => [
      category,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, value[`${category}_${channel}`] === "on"])),
    ]),
  ) as NotificationPreferences;
}

/** Marks one or all read, or saves the preferences. */
export async function notificationsAction({ request }: ActionFunctionArgs) {
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
