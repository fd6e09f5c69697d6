import { Link } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { SettingForm } from "~/ui/setting-form";
import { useFormErrors } from "~/ui/use-form-result";

/** The refusal of an owner turning it on without a second factor of their own (the action's key). */
export const OWNER_NEEDS_FACTOR = "console.twoStep.ownerNeedsFactor";

/** Where an owner enrols, and comes back to the team page. */
const ENROL = `/account/security?${new URLSearchParams({ redirectUrl: "/console/team" })}`;

/**
 * The owner's "Require two-step sign-in" (a checkbox and Save, without JavaScript too): members
 * without a second factor then reach only enrolment. Turning it on without a second factor of
 * one's own is refused (it would lock the owner out): the form says so, with the way to enrol.
 */
export function RequireTwoStepForm({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const errors = useFormErrors("requireTwoStep");
  const needsFactor = errors?.includes(OWNER_NEEDS_FACTOR) ?? false;
  return (
    <SettingForm
      intent="requireTwoStep"
      errors={needsFactor ? undefined : errors}
      className="mt-3 space-y-3"
      data-testid="require-two-step"
      setting={{
        id: "require-two-step",
        name: "required",
        checked: required,
        label: t("console.twoStep.require"),
        hint: t("console.twoStep.requireHint"),
      }}
      save={t("console.twoStep.save")}
      saving={t("console.saving")}
    >
      {needsFactor ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t(OWNER_NEEDS_FACTOR)}{" "}
          <Link to={ENROL} className="font-medium underline">
            {t("console.twoStep.enrolLink")}
          </Link>
        </div>
      ) : null}
      <p className="text-sm text-slate-800" data-testid="require-two-step-state">
        {t(required ? "console.twoStep.stateOn" : "console.twoStep.stateOff")}
      </p>
    </SettingForm>
  );
}
