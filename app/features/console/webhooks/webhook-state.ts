import type { Translate } from "~/platform/translate";

type Stated = {
  enabled: boolean;
  failingSince: string | null;
  disabledAt: string | null;
  disabledReason: string | null;
  createdAt: string;
};

/** A subscription's state in words: enabled, failing since when, or disabled when and why. */
export function webhookState(t: Translate, at: (instant: string) => string, webhook: Stated): string {
  if (!webhook.enabled)
    return t("webhooks.disabled", {
      date: at(webhook.disabledAt ?? webhook.createdAt),
      reason: webhook.disabledReason ?? "",
    });
  return webhook.failingSince ? t("webhooks.failingSince", { date: at(webhook.failingSince) }) : t("webhooks.enabled");
}
