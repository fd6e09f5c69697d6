import { useLoaderData } from "@remix-run/react";
import type { loadWebhooksPage } from "~/features/console/webhooks.server";
import { useTranslation } from "~/platform/i18n-react";
import { AskFirst } from "~/ui/ask-first";
import { DataTable } from "~/ui/data-table";
import { formatDateTime } from "~/ui/date-format";
import { IntentButton } from "~/ui/intent-button";
import { CardSection } from "~/ui/labelled-section";
import { DeliveryRow } from "./delivery-row";
import { webhookState } from "./webhook-state";

type Webhook = Awaited<ReturnType<typeof loadWebhooksPage>>["data"]["webhooks"][number];

/** The delivery log's columns (locale keys `webhooks.<column>Column`). */
const COLUMNS = ["event", "created", "state", "attempts", "actions"] as const;

/**
 * One webhook: its address, events and state (enabled, failing since, or disabled and why, with
 * "Turn on again"), a new
 * secret (asked first), deleting it (asked first), and its delivery log with "Send again".
 */
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useLoaderData<typeof loadWebhooksPage>();
  const at = (instant: string) => formatDateTime(instant, { timeZone, locale: i18n.language });
  const headingId = `webhook-${webhook.id}`;
  return (
    <CardSection headingId={headingId} heading={webhook.url} className="mt-4 break-all" data-testid="webhook">
      <p className="mt-1 text-sm text-slate-800">{t("webhooks.eventsList", { events: webhook.events.join(", ") })}</p>
      <p className="mt-1 text-sm text-slate-800" data-testid="webhook-state">
        {webhookState(t, at, webhook)}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {[
          t("webhooks.createdAt", { date: at(webhook.createdAt) }),
          webhook.secretRotatedAt ? t("webhooks.rotatedAt", { date: at(webhook.secretRotatedAt) }) : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {webhook.enabled ? null : (
          <IntentButton
            aria-label={t("webhooks.enableWho", { url: webhook.url })}
            intent="enable"
            formId={`enable:${webhook.id}`}
            values={{ webhookId: webhook.id }}
          >
            {t("webhooks.enable")}
          </IntentButton>
        )}
        <AskFirst
          intent="rotateSecret"
          values={{ webhookId: webhook.id }}
          formId={`rotateSecret:${webhook.id}`}
          ask={t("webhooks.rotateAsk")}
          about={webhook.url}
          question={t("webhooks.rotateConfirm", { url: webhook.url })}
          act={t("webhooks.rotateWho", { url: webhook.url })}
        />
        <AskFirst
          intent="delete"
          values={{ webhookId: webhook.id }}
          formId={`delete:${webhook.id}`}
          ask={t("webhooks.deleteAsk")}
          about={webhook.url}
          question={t("webhooks.deleteConfirm", { url: webhook.url })}
          act={t("webhooks.deleteWho", { url: webhook.url })}
        />
      </div>
      <h3 className="mt-4 font-semibold text-slate-900">{t("webhooks.logHeading")}</h3>
      <DataTable
        caption={t("webhooks.logCaption", { url: webhook.url })}
        columns={COLUMNS.map((column) => t(`webhooks.${column}Column`))}
        alignFrom={[]}
        rows={webhook.deliveries}
        row={(delivery) => (
          <DeliveryRow
            key={delivery.id}
            delivery={delivery}
            webhookId={webhook.id}
            enabled={webhook.enabled}
            timeZone={timeZone}
          />
        )}
        empty={t("webhooks.noDeliveries")}
        className="mt-2"
        data-testid="webhook-deliveries"
      />
    </CardSection>
  );
}
