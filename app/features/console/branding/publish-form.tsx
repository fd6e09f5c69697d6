import { Form } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { useFormErrors } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

export function PublishForm({ unpublished }: { unpublished: boolean }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "publish" });
  const errors = useFormErrors("publish");

  return (
    <section aria-labelledby="publish-heading" className="rounded-xl border border-slate-200 p-4">
      <h2 id="publish-heading" className="text-lg font-semibold text-brand-ink">
        {t("branding.publishHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="publish-state">
        {t(unpublished ? "branding.unpublished" : "branding.upToDate")}
      </p>
      <Form method="post" className="mt-3">
        <FormError errors={errors} id="branding-publish-error" />
        <input type="hidden" name="intent" value="publish" />
        <SubmitButton pending={pending} label={t("branding.publish")} pendingLabel={t("branding.publishing")} />
      </Form>
    </section>
  );
}
