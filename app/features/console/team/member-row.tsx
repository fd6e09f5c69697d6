import { type FieldMetadata } from "@conform-to/react";
import type { OperatorMember } from "~contract/operator/team";
import type { OperatorRole } from "~contract/statuses";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { AskFirst } from "~/ui/ask-first";
import { RoleSelect } from "./role-select";
import { useTeamForm } from "./use-team-form";
import { IntentForm } from "~/ui/intent-form";
import { RowHeader, ROW_CELL } from "~/ui/row-header";

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
      <RowHeader>
        {who}
        {self ? ` ${t("console.you")}` : ""}
      </RowHeader>
      <td className={`${ROW_CELL} text-slate-700`} data-testid="member-role">
        {t(`console.role_${member.role as OperatorRole}`)}
      </td>
      <td className={`${ROW_CELL} text-slate-700`} data-testid="member-two-step">
        {t(member.twoStep ? "console.twoStep.on" : "console.twoStep.off")}
      </td>
      {/* relative: the removal's and the reset's hidden words (sr-only, absolute) stay in the table's scroll box. */}
      <td className={`${ROW_CELL} relative`}>
        <div className="flex flex-wrap items-end gap-3">
          <IntentForm meta={form} intent="role" values={{ userId: member.userId }} className="flex items-end gap-2">
            <RoleSelect
              field={fields.role as FieldMetadata<string | undefined>}
              label={t("console.roleOf", { who: member.email ?? member.userId })}
            />
            <Button>{t("console.changeRole")}</Button>
          </IntentForm>
          <AskFirstOf member={member} intent="remove" />
          {/* One's own factors are removed at /account/security, not reset here. */}
          {member.twoStep && !self ? <AskFirstOf member={member} intent="resetTwoStep" /> : null}
        </div>
      </td>
    </tr>
  );
}

/**
 * What the acts on a member that ask first say (locale keys): what opens the question, the question,
 * and the act. Removing a member (a refusal: the last owner); resetting their two-step sign-in (their
 * authenticator app, passkeys and recovery codes go, and they enrol again).
 */
const ASK_FIRST = {
  remove: { ask: "console.removeAsk", question: "console.removeConfirm", act: "console.removeWho" },
  resetTwoStep: {
    ask: "console.twoStep.resetAsk",
    question: "console.twoStep.resetConfirm",
    act: "console.twoStep.resetWho",
  },
} as const;

/** An act on a member that asks first (AskFirst), in the words ASK_FIRST gives it. */
function AskFirstOf({ member, intent }: { member: OperatorMember; intent: keyof typeof ASK_FIRST }) {
  const { t } = useTranslation();
  const who = member.email ?? member.userId;
  const words = ASK_FIRST[intent];
  return (
    <AskFirst
      intent={intent}
      values={{ userId: member.userId }}
      formId={`${intent}:${member.userId}`}
      ask={t(words.ask)}
      about={who}
      question={t(words.question, { who })}
      act={t(words.act, { who })}
    />
  );
}
