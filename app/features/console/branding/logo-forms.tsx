import { useForm, type FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import type { BrandingView } from "~contract/operator/branding";
import { useTranslation } from "~/platform/i18n-react";
import { BrandLogo } from "~/ui/brand-logo";
import { FileField } from "~/ui/file-field";
import { PendingSubmit, SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import type { BrandingPageData } from "./branding-data";
import { IntentForm } from "~/ui/intent-form";

const REMOVE = "text-sm font-medium text-red-700 underline hover:text-red-900 disabled:opacity-60";

/** What the logo may be: the API reads the bytes; this only filters the file picker (no SVG). */
const ACCEPT = "image/png,image/webp,image/jpeg,image/avif";

/**
 * The draft's logo and the upload form: its key is the page answer's, so sending it twice uploads
 * once; once the logo is in the draft the form starts again, empty (formVersion), with JavaScript too.
 */
export function LogoForms({ draft }: { draft: BrandingView }) {
  const { t } = useTranslation();
  const { constraints, idempotencyKey } = useLoaderData<BrandingPageData>();
  const [form, fields] = useForm({
    id: `branding-logo-${formVersion([draft.logoUrl])}`,
    lastResult: useFormResult("logo"),
    constraint: constraints.logo,
    ...useFormValidation(
      () => import("~/features/console/branding-schemas"),
      (schemas) => schemas.LogoSchema,
    ),
  });
  const pending = useIsPending({ intent: "logo" });
  const removing = useIsPending({ intent: "removeLogo" });
  const file = fields.file as FieldMetadata<File | undefined>;
  return (
    <>
      {draft.logoUrl ? (
        <div className="mt-3 flex items-center gap-4 rounded-md bg-slate-100 p-3" data-testid="draft-logo">
          <BrandLogo logoUrl={draft.logoUrl} name={draft.name} />
          <IntentForm intent="removeLogo">
            <PendingSubmit pending={removing} className={REMOVE}>
              {t("branding.removeLogo")}
            </PendingSubmit>
          </IntentForm>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t("branding.noLogo")}</p>
      )}
      <IntentForm
        meta={form}
        encType="multipart/form-data"
        intent="logo"
        values={{ idempotencyKey }}
        className="mt-3 space-y-3"
      >
        <FileField field={file} label={t("branding.logoFile")} hint={t("branding.logoHint")} accept={ACCEPT} />
        <SubmitButton pending={pending} label={t("branding.uploadLogo")} pendingLabel={t("branding.uploading")} />
      </IntentForm>
    </>
  );
}
