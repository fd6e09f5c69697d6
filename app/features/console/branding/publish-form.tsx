import { Form } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { useFormErrors } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";
import { CardSection } from "~/ui/labelled-section";

export function PublishForm({ unpublished }: { unpublished: boolean }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: "publish" });
  const errors = useFormErrors("publish");

  return (
    <CardSection headingId="publish-heading" heading={t("branding.publishHeading")}>
      <p className="mt-1 text-sm text-slate-700" data-testid="publish-state">
        {t(unpublished ? "branding.unpublished" : "branding.upToDate")}
      </p>
      <Form method="post" className="mt-3">
        <FormError errors={errors} id="branding-publish-error" />
        <input type="hidden" name="intent" value="publish" />
        <SubmitButton pending={pending} label={t("branding.publish")} pendingLabel={t("branding.publishing")} />
      </Form>
    </CardSection>
  );
}
