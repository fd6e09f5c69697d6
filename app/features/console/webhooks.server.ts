import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireConsolePage } from "./console.server";
import { intentAction } from "./intent-action.server";
import { AddWebhookSchema, WEBHOOK_SCHEMAS } from "./webhook-schemas";
import type { NewSecretAnswer } from "./webhooks/new-secret";

/**
 * /console/webhooks (owner, manager): the operator's webhook subscriptions, each with its delivery
 * log (every attempt's answer), its resellers' OCTO subscriptions, and the form to add one.
 */
export async function loadWebhooksPage({ request }: LoaderFunctionArgs) {
  const { api, me, t } = await requireConsolePage(request, "manageWebhooks");
  const { webhooks, resellerWebhooks } = await api.call("operatorListWebhooks");
  const logs = await Promise.all(
    webhooks.map((webhook) => api.call("operatorListWebhookDeliveries", { params: { webhookId: webhook.id } })),
  );
  return withFlash(request, {
    webhooks: webhooks.map((webhook, index) => ({ ...webhook, deliveries: logs[index].deliveries })),
    resellerWebhooks,
    timeZone: me.account.timeZone,
    constraints: { add: getZodConstraint(AddWebhookSchema) },
    title: t("webhooks.title"),
  });
}

/**
 * Add a subscription or give one a new secret (the page answered with the secret, this once: never
 * a redirect, never kept by the web; both need a fresh sign-in or second step, "Confirm it's
 * you"); turn a disabled one back on (so does it); delete one (asked first); send a delivery
 * again (back with a flash).
 */
export const webhooksAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageWebhooks",
    forms: WEBHOOK_SCHEMAS,
    row: (intent) => (intent === "add" ? null : intent === "redeliver" ? "deliveryId" : "webhookId"),
    async run(value, { api, formId }, submission) {
      switch (value.intent) {
        case "add":
        case "rotateSecret": {
          const made =
            value.intent === "add"
              ? await api.call("operatorCreateWebhook", { body: { url: value.url, events: value.events } })
              : await api.call("operatorRotateWebhookSecret", { params: { webhookId: value.webhookId } });
          const body: NewSecretAnswer = {
            intent: formId,
            result: submission.reply({ resetForm: true }),
            newSecret: { webhookId: made.id, url: made.url, secret: made.secret },
          };
          return { answer: data(body) };
        }
        case "enable":
          await api.call("operatorEnableWebhook", { params: { webhookId: value.webhookId } });
          return { flash: "webhooks.enabledAgain" };
        case "delete":
          await api.call("operatorDeleteWebhook", { params: { webhookId: value.webhookId } });
          return { flash: "webhooks.deleted" };
        case "redeliver":
          await api.call("operatorRedeliverWebhook", {
            params: { webhookId: value.webhookId, deliveryId: value.deliveryId },
          });
          return { flash: "webhooks.redelivered" };
      }
    },
  });
