import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n-react";
import { StatusMessage } from "~/ui/status-message";
import type { BrandingPageData } from "./branding-data";
import { DraftForm } from "./draft-form";
import { LogoForms } from "./logo-forms";
import { Preview } from "./preview";
import { PublishForm } from "./publish-form";

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
          <section aria-labelledby="draft-heading" className="rounded-xl border border-slate-200 p-4">
            <h2 id="draft-heading" className="text-lg font-semibold text-brand-ink">
              {t("branding.draftHeading")}
            </h2>
            <DraftForm draft={branding.draft} onColor={setColor} />
          </section>
          <section aria-labelledby="logo-heading" className="rounded-xl border border-slate-200 p-4">
            <h2 id="logo-heading" className="text-lg font-semibold text-brand-ink">
              {t("branding.logoHeading")}
            </h2>
            <LogoForms draft={branding.draft} />
          </section>
        </div>
        <div className="space-y-8">
          <Preview draft={branding.draft} color={color} />
          <PublishForm unpublished={branding.unpublished} />
        </div>
      </div>
    </>
  );
}
