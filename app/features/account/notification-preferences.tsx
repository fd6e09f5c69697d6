import { useLoaderData } from "@remix-run/react";
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS } from "~contract/identity/preference-values";
import { useTranslation } from "~/platform/i18n-react";
import { ColumnHeads } from "~/ui/column-heads";
import { PendingSubmit } from "~/ui/form-parts";
import { useIsPending } from "~/ui/use-is-pending";
import type { loadNotifications } from "~/features/account/notifications.server";
import { CardSection } from "~/ui/labelled-section";
import { IntentForm } from "~/ui/intent-form";

const SAVE = "mt-3 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-70";

/** Which notifications come by which channel: one box per category and channel, one native post. */
export function NotificationPreferencesForm() {
  const { preferences } = useLoaderData<typeof loadNotifications>();
  const { t } = useTranslation();
  const saving = useIsPending({ intent: "preferences" });
  return (
    <CardSection headingId="preferences-heading" heading={t("preferences.title")} plainHeading className="mt-10">
      <p className="mt-1 text-sm text-slate-700">{t("preferences.hint")}</p>
      <IntentForm intent="preferences" className="mt-3">
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
        <PendingSubmit pending={saving} className={SAVE}>
          {t("preferences.save")}
        </PendingSubmit>
      </IntentForm>
    </CardSection>
  );
}
