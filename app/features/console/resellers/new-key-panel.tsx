import { useActionData, useLoaderData } from "@remix-run/react";
import type { loadResellersPage } from "~/features/console/resellers.server";
import { useTranslation } from "~/platform/i18n-react";
import { ShownOncePanel } from "~/ui/shown-once-panel";
import { newKeyOf } from "./new-key";

/**
 * A reseller's API key just made, shown this once: the key to copy now, and what to give the
 * reseller with it, the OCTO address.
 */
export function NewKeyPanel() {
  const { t } = useTranslation();
  const { resellers, octoUrl } = useLoaderData<typeof loadResellersPage>();
  const made = newKeyOf(useActionData());
  if (!made) return null;
  const name = resellers.find((reseller) => reseller.id === made.resellerId)?.name ?? "";
  return (
    <ShownOncePanel
      testId="new-key"
      status={t("resellers.newKeyMade")}
      heading={t("resellers.newKeyHeading", { name })}
      copy={t("resellers.newKeyCopy")}
      label={t("resellers.newKeyLabel")}
      secret={made.key}
      after={t("resellers.newKeyGive", { url: octoUrl })}
    />
  );
}
