import { type FieldMetadata } from "@conform-to/react";
import type { OperatorMember } from "~contract/operator/team";
import type { OperatorRole } from "~contract/statuses";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { useFormErrors } from "~/ui/use-form-result";
import { RoleSelect } from "./role-select";
import { useTeamForm } from "./use-team-form";
import { IntentForm } from "~/ui/intent-form";

/** A member: who, their role (a form to change it), and the removal. */
export function MemberRow({ member, self }: { member: OperatorMember; self: boolean }) {
  const { t } = useTranslation();
  const id = `role:${member.userId}`;
  const [form, fields] = useTeamForm("role", id, { role: member.role, userId: member.userId });
  const who = member.name ? `${member.name} (${member.email ?? ""})` : (member.email ?? member.userId);
  return (
    <li className="flex flex-wrap items-end justify-between gap-4 p-4" data-testid="member">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {who}
          {self ? ` ${t("console.you")}` : ""}
        </p>
        <p className="text-sm text-slate-700" data-testid="member-role">
          {t(`console.role_${member.role as OperatorRole}`)}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <IntentForm meta={form} intent="role" values={{ userId: member.userId }} className="flex items-end gap-2">
          <RoleSelect
            field={fields.role as FieldMetadata<string | undefined>}
            label={t("console.roleOf", { who: member.email ?? member.userId })}
          />
          <Button>{t("console.changeRole")}</Button>
        </IntentForm>
        <RemoveMember member={member} />
      </div>
    </li>
  );
}

/**
 * Removing a member asks first, without JavaScript too: "Remove…" opens the question (a native
 * disclosure), and only its button posts. A refusal (the last owner) shows inside, kept open.
 */
function RemoveMember({ member }: { member: OperatorMember }) {
  const { t } = useTranslation();
  const who = member.email ?? member.userId;
  const error = useFormErrors(`remove:${member.userId}`);
  return (
    <details className="text-sm" open={error ? true : undefined}>
      <summary className="cursor-pointer rounded-md border border-red-300 px-3 py-2 font-medium text-red-800">
        {t("console.removeAsk")}
        <span className="sr-only"> {who}</span>
      </summary>
      <IntentForm errors={error} intent="remove" values={{ userId: member.userId }} className="mt-2 max-w-xs space-y-2">
        <p className="text-slate-800">{t("console.removeConfirm", { who })}</p>
        <Button variant="dangerSolid">{t("console.removeWho", { who })}</Button>
      </IntentForm>
    </details>
  );
}
