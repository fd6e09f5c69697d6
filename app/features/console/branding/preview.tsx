import type { BrandingView } from "~contract/operator/branding";
import { useTranslation } from "~/platform/i18n-react";
import { BrandLogo } from "~/ui/brand-logo";
import { CardSection } from "~/ui/labelled-section";

/**
 * The storefront's header, hero, a card and a button with the DRAFT (server-rendered: the saved
 * draft; with JavaScript the colour follows the field as it is typed or picked).
 */
export function Preview({ draft, color }: { draft: BrandingView; color: string }) {
  const { t } = useTranslation();
  const n = Number.parseInt(color.slice(1), 16);
  const style = { "--brand-primary": `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}` } as React.CSSProperties;
  return (
    <CardSection headingId="preview-heading" heading={t("branding.previewHeading")}>
      <p className="mt-1 text-sm text-slate-700">{t("branding.previewIntro")}</p>
      <div style={style} className="mt-3 overflow-hidden rounded-lg border border-slate-200" data-testid="preview">
        <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
          <span className="font-semibold text-brand-ink" data-testid="preview-brand">
            {draft.logoUrl ? <BrandLogo logoUrl={draft.logoUrl} name={draft.name} /> : draft.name}
          </span>
          <span className="text-sm text-slate-700">{t("nav.explore")}</span>
        </div>
        <div className="bg-brand px-4 py-6 text-white">
          <p className="text-xl font-bold">{t("home.storefrontHeading", { name: draft.name })}</p>
          {draft.tagline ? <p className="mt-1 text-white">{draft.tagline}</p> : null}
        </div>
        <div className="p-4">
          <div className="max-w-xs rounded-lg border border-slate-200 p-4 shadow-sm">
            <p className="font-semibold text-brand-ink">{t("branding.previewCardTitle")}</p>
            <p className="mt-1 text-sm text-slate-700">{t("branding.previewCardText")}</p>
            <span
              className="mt-3 inline-block rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white"
              data-testid="preview-button"
            >
              {t("branding.previewButton")}
            </span>
          </div>
          {draft.supportEmail || draft.supportPhone ? (
            <p className="mt-3 text-sm text-slate-700">
              {t("branding.previewSupport")} {[draft.supportEmail, draft.supportPhone].filter(Boolean).join(" · ")}
            </p>
          ) : null}
        </div>
      </div>
    </CardSection>
  );
}
