import type { WebhookDeliveryOutput } from "~contract/operator/webhooks";
import { useTranslation } from "~/platform/i18n-react";
import { formatDateTime } from "~/ui/date-format";
import { IntentButton } from "~/ui/intent-button";
import { RowHeader, ROW_CELL } from "~/ui/row-header";

/**
 * One delivery of a webhook: its event (type and message id), when it was made, its state and next
 * attempt, every attempt (its answer's status code or the error, how long it took), and "Send
 * again" (while the webhook is enabled).
 */
export function DeliveryRow({
  delivery,
  webhookId,
  enabled,
  timeZone,
}: {
  delivery: WebhookDeliveryOutput;
  webhookId: string;
  enabled: boolean;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const at = (instant: string) => formatDateTime(instant, { timeZone, locale: i18n.language });
  return (
    <tr data-testid="webhook-delivery">
      <RowHeader sub={delivery.eventId} subClassName="font-mono text-xs">
        {delivery.type}
      </RowHeader>
      <td className={`${ROW_CELL} whitespace-nowrap text-slate-700`}>{at(delivery.createdAt)}</td>
      <td className={`${ROW_CELL} text-slate-800`} data-testid="webhook-delivery-state">
        {t(`webhooks.state_${delivery.state}`)}
        {delivery.nextAttemptAt ? (
          <span className="block text-slate-700">
            {t("webhooks.nextAttempt", { date: at(delivery.nextAttemptAt) })}
          </span>
        ) : null}
      </td>
      <td className={ROW_CELL}>
        {delivery.attempts.length === 0 ? (
          <p className="text-slate-700">{t("webhooks.noAttempts")}</p>
        ) : (
          <ol className="space-y-1 text-slate-800" data-testid="webhook-attempts">
            {delivery.attempts.map((attempt) => (
              <li key={attempt.number}>
                {t("webhooks.attempt", {
                  number: attempt.number,
                  date: at(attempt.attemptedAt),
                  answer:
                    attempt.statusCode === null
                      ? t("webhooks.noAnswer", { error: attempt.error ?? "" })
                      : t("webhooks.answered", { code: attempt.statusCode }),
                  ms: attempt.durationMs,
                })}
              </li>
            ))}
          </ol>
        )}
      </td>
      <td className={ROW_CELL}>
        {enabled ? (
          <IntentButton
            intent="redeliver"
            formId={`redeliver:${delivery.id}`}
            values={{ webhookId, deliveryId: delivery.id }}
            variant="secondary"
            aria-label={t("webhooks.sendAgainWhich", { type: delivery.type, id: delivery.eventId })}
          >
            {t("webhooks.sendAgain")}
          </IntentButton>
        ) : null}
      </td>
    </tr>
  );
}
