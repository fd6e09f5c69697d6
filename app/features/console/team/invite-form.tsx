import { type FieldMetadata } from "@conform-to/react";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { TextField } from "~/ui/text-field";
import { useIsPending } from "~/ui/use-is-pending";
import { RoleSelect } from "./role-select";
import type { TeamPageData } from "./team-data";
import { useTeamForm } from "./use-team-form";
import { IntentForm } from "~/ui/intent-form";

/**
 * The invitation form: its key is the page answer's, so sending it twice sends one invitation;
 * once the invitation is listed the form starts again, empty (formVersion), with JavaScript too.
 */
export function InviteForm() {
  const { t } = useTranslation();
  const { idempotencyKey, team } = useLoaderData<TeamPageData>();
  const version = formVersion(team.invitations.map((invitation) => invitation.id));
  const [form, fields] = useTeamForm("invite", "invite", { role: "manager" }, `-${version}`);
  const pending = useIsPending({ intent: "invite" });
  return (
    <IntentForm meta={form} intent="invite" values={{ idempotencyKey }} className="mt-3 space-y-3">
      <TextField
        field={fields.email as FieldMetadata<string | undefined>}
        label={t("login.email")}
        type="email"
        autoComplete="off"
      />
      <RoleSelect field={fields.role as FieldMetadata<string | undefined>} label={t("console.role")} />
      <SubmitButton pending={pending} label={t("console.sendInvitation")} pendingLabel={t("login.saving")} />
    </IntentForm>
  );
}
