import { useLoaderData } from "@remix-run/react";
import type { loadResellersPage } from "~/features/console/resellers.server";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { CardSection, LabelledSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { AddResellerForm } from "./add-reseller-form";
import { NewKeyPanel } from "./new-key-panel";
import { ResellerRow } from "./reseller-row";

/** The list's columns (locale keys `resellers.<column>Column`). */
const COLUMNS = ["reseller", "commission", "sells", "keys", "created", "statement"] as const;

/**
 * The operator's resellers (issue 47, item 3): the OCTO address to give them, a key just made
 * (shown this once), the list (commission, what each may sell, its keys: each revocable, and a new
 * one made) and the form to add one. No JavaScript needed.
 */
export function ResellersPage() {
  const { resellers, flash, title, octoUrl } = useLoaderData<typeof loadResellersPage>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{title}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("resellers.intro")}</p>
      <p className="mt-1 break-all text-sm text-slate-900" data-testid="octo-url">
        {t("resellers.octoUrl", { url: octoUrl })}
      </p>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <NewKeyPanel />
      <LabelledSection
        headingId="resellers-heading"
        heading={t("resellers.listHeading")}
        headingClassName="text-lg font-semibold text-brand-ink"
        className="mt-6"
      >
        <DataTable
          caption={t("resellers.caption")}
          columns={COLUMNS.map((column) => t(`resellers.${column}Column`))}
          alignFrom={[1]}
          rows={resellers}
          row={(reseller) => <ResellerRow key={reseller.id} reseller={reseller} />}
          empty={t("resellers.none")}
          className="mt-3"
          data-testid="resellers"
        />
      </LabelledSection>
      <CardSection headingId="new-reseller-heading" heading={t("resellers.add")} className="mt-8 max-w-xl">
        <AddResellerForm />
      </CardSection>
    </>
  );
}
