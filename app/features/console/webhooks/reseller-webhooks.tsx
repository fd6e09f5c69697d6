import { useLoaderData } from "@remix-run/react";
import type { loadWebhooksPage } from "~/features/console/webhooks.server";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { formatDateTime } from "~/ui/date-format";
import { LabelledSection } from "~/ui/labelled-section";
import { RowHeader, ROW_CELL } from "~/ui/row-header";
import { webhookState } from "./webhook-state";

/** The table's columns (locale keys `webhooks.reseller<Column>Column`). */
const COLUMNS = ["Name", "Url", "State", "Created"] as const;

/**
 * Its resellers' OCTO subscriptions to the operator's booking updates, read-only: each reseller
 * makes and deletes its own with its key. Shown only when a reseller has one.
 */
export function ResellerWebhooks() {
  const { resellerWebhooks, timeZone } = useLoaderData<typeof loadWebhooksPage>();
  const { t, i18n } = useTranslation();
  if (resellerWebhooks.length === 0) return null;
  const at = (instant: string) => formatDateTime(instant, { timeZone, locale: i18n.language });
  return (
    <LabelledSection
      headingId="reseller-webhooks-heading"
      heading={t("webhooks.resellersHeading")}
      headingClassName="text-lg font-semibold text-brand-ink"
      className="mt-8"
    >
      <p className="mt-2 text-sm text-slate-700">{t("webhooks.resellersIntro")}</p>
      <DataTable
        caption={t("webhooks.resellersCaption")}
        columns={COLUMNS.map((column) => t(`webhooks.reseller${column}Column`))}
        alignFrom={[]}
        rows={resellerWebhooks}
        row={(webhook) => (
          <tr key={webhook.id} data-testid="reseller-webhook">
            <RowHeader>{webhook.resellerName}</RowHeader>
            <td className={`${ROW_CELL} break-all text-slate-800`}>{webhook.url}</td>
            <td className={`${ROW_CELL} text-slate-800`}>{webhookState(t, at, webhook)}</td>
            <td className={`${ROW_CELL} text-slate-800`}>{at(webhook.createdAt)}</td>
          </tr>
        )}
        empty=""
        className="mt-3"
      />
    </LabelledSection>
  );
}
