import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { StatusMessage } from "~/ui/status-message";
import type { BrandingPageData } from "./branding-data";
import { DraftForm } from "./draft-form";
import { LogoForms } from "./logo-forms";
import { Preview } from "./preview";
import { PublishForm } from "./publish-form";
import { CardSection } from "~/ui/labelled-section";

/** The Branding page: the draft's form, its logo, a preview of the storefront with it, and Publish. */
export function BrandingPage() {
  const { branding, flash } = useLoaderData<BrandingPageData>();
  const { t } = useTranslation();
  const [color, setColor] = useState(branding.draft.primaryColor);
  useEffect(() => setColor(branding.draft.primaryColor), [branding.draft.primaryColor]);
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("branding.heading")}</h1>
      <p className="mt-1 max-w-2xl text-slate-700">{t("branding.intro")}</p>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <div className="space-y-8">
          <CardSection headingId="draft-heading" heading={t("branding.draftHeading")}>
            <DraftForm draft={branding.draft} onColor={setColor} />
          </CardSection>
          <CardSection headingId="logo-heading" heading={t("branding.logoHeading")}>
            <LogoForms draft={branding.draft} />
          </CardSection>
        </div>
        <div className="space-y-8">
          <Preview draft={branding.draft} color={color} />
          <PublishForm unpublished={branding.unpublished} />
        </div>
      </div>
    </>
  );
}
