import { useLoaderData } from "@remix-run/react";
import type { loadWebhooksPage } from "~/features/console/webhooks.server";
import { useTranslation } from "~/platform/i18n-react";
import { CardSection, LabelledSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { AddWebhookForm } from "./add-webhook-form";
import { NewSecretPanel } from "./new-secret-panel";
import { ResellerWebhooks } from "./reseller-webhooks";
import { WebhookCard } from "./webhook-card";

/**
 * The operator's webhooks (issue 47, item 4): a secret just made (shown this once), each webhook
 * with its delivery log, its resellers' OCTO subscriptions (read-only), and the form to add one.
 * No JavaScript needed.
 */
export function WebhooksPage() {
  const { webhooks, flash, title } = useLoaderData<typeof loadWebhooksPage>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("webhooks.intro")}</p>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <NewSecretPanel />
      <LabelledSection
        headingId="webhooks-heading"
        heading={t("webhooks.listHeading")}
        headingClassName="text-lg font-semibold text-brand-ink"
        className="mt-6"
        data-testid="webhooks"
      >
        {webhooks.length === 0 ? <p className="mt-3 text-sm text-slate-700">{t("webhooks.none")}</p> : null}
        {webhooks.map((webhook) => (
          <WebhookCard key={webhook.id} webhook={webhook} />
        ))}
      </LabelledSection>
      <ResellerWebhooks />
      <CardSection headingId="new-webhook-heading" heading={t("webhooks.add")} className="mt-8 max-w-xl">
        <AddWebhookForm />
      </CardSection>
    </>
  );
}
