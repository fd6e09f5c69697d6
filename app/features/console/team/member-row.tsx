import { type FieldMetadata } from "@conform-to/react";
import type { OperatorMember } from "~contract/operator/team";
import type { OperatorRole } from "~contract/statuses";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { useFormErrors } from "~/ui/use-form-result";
import { RoleSelect } from "./role-select";
import { useTeamForm } from "./use-team-form";
import { IntentForm } from "~/ui/intent-form";

const CELL = "py-3 pr-4 align-top";

/**
 * A member's row: who, their role, whether they sign in in two steps; a form to change the role,
 * the removal, and (for a member who has a second factor) its reset.
 */
export function MemberRow({ member, self }: { member: OperatorMember; self: boolean }) {
  const { t } = useTranslation();
  const id = `role:${member.userId}`;
  const [form, fields] = useTeamForm("role", id, { role: member.role, userId: member.userId });
  const who = member.name ? `${member.name} (${member.email ?? ""})` : (member.email ?? member.userId);
  return (
    <tr data-testid="member">
      <th scope="row" className={`${CELL} text-left font-medium text-slate-900`}>
        {who}
        {self ? ` ${t("console.you")}` : ""}
      </th>
      <td className={`${CELL} text-slate-700`} data-testid="member-role">
        {t(`console.role_${member.role as OperatorRole}`)}
      </td>
      <td className={`${CELL} text-slate-700`} data-testid="member-two-step">
        {t(member.twoStep ? "console.twoStep.on" : "console.twoStep.off")}
      </td>
      {/* relative: the removal's and the reset's hidden words (sr-only, absolute) stay in the table's scroll box. */}
      <td className={`${CELL} relative`}>
        <div className="flex flex-wrap items-end gap-3">
          <IntentForm meta={form} intent="role" values={{ userId: member.userId }} className="flex items-end gap-2">
            <RoleSelect
              field={fields.role as FieldMetadata<string | undefined>}
              label={t("console.roleOf", { who: member.email ?? member.userId })}
            />
            <Button>{t("console.changeRole")}</Button>
          </IntentForm>
          <RemoveMember member={member} />
          {/* One's own factors are removed at /account/security, not reset here. */}
          {member.twoStep && !self ? <ResetTwoStep member={member} /> : null}
        </div>
      </td>
    </tr>
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

/**
 * Resetting a member's two-step sign-in asks first, as the removal does (a native disclosure, so
 * without JavaScript too): their authenticator app, passkeys and recovery codes go, and they enrol again.
 */
function ResetTwoStep({ member }: { member: OperatorMember }) {
  const { t } = useTranslation();
  const who = member.email ?? member.userId;
  const error = useFormErrors(`resetTwoStep:${member.userId}`);
  return (
    <details className="text-sm" open={error ? true : undefined}>
      <summary className="cursor-pointer rounded-md border border-red-300 px-3 py-2 font-medium text-red-800">
        {t("console.twoStep.resetAsk")}
        <span className="sr-only"> {who}</span>
      </summary>
      <IntentForm
        errors={error}
        intent="resetTwoStep"
        values={{ userId: member.userId }}
        className="mt-2 max-w-xs space-y-2"
      >
        <p className="text-slate-800">{t("console.twoStep.resetConfirm", { who })}</p>
        <Button variant="dangerSolid">{t("console.twoStep.resetWho", { who })}</Button>
      </IntentForm>
    </details>
  );
}
