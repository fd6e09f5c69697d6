import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { ShownOncePanel } from "~/ui/shown-once-panel";
import { newSecretOf } from "./new-secret";

/**
 * A webhook's signing secret just made (a new webhook or a rotation), shown this once, with how the
 * receiver checks it.
 */
export function NewSecretPanel() {
  const { t } = useTranslation();
  const made = newSecretOf(useActionData());
  if (!made) return null;
  return (
    <ShownOncePanel
      testId="new-secret"
      status={t("webhooks.secretMade")}
      heading={t("webhooks.secretHeading", { url: made.url })}
      copy={t("webhooks.secretCopy")}
      label={t("webhooks.secretLabel")}
      secret={made.secret}
      after={t("webhooks.secretVerify")}
    />
  );
}
