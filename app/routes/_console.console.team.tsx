import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import type { OperatorInvitation, OperatorMember } from "~contract/operators";
import { OPERATOR_ROLES, type OperatorRole } from "~contract/statuses";
import { isTeamIntent, TEAM_SCHEMAS, type TeamIntent } from "~/features/console/console-forms.server";
import { requireConsoleAbility } from "~/features/console/console.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { passHeaders } from "~/platform/http.server";
import { useTranslation } from "~/platform/i18n-react";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import { formatDateTime } from "~/ui/date-format";
import { FormError, SubmitButton } from "~/ui/form-parts";
import { formVersion } from "~/ui/form-version";
import { LabelledSection } from "~/ui/labelled-section";
import { pageMeta } from "~/ui/meta";
import { StatusMessage } from "~/ui/status-message";
import { TextField } from "~/ui/text-field";
import { useFormResult } from "~/ui/use-form-result";
import { useFormValidation } from "~/ui/use-form-validation";
import { useIsPending } from "~/ui/use-is-pending";
import { SelectField } from "~/ui/select-field";

const PAGE = "/console/team";

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ api, me }, t] = await Promise.all([
    requireConsoleAbility(request, "manageTeam"),
    i18next.getFixedT(request),
  ]);
  const team = await api.call("operatorListMembers");
  const constraints = {
    invite: getZodConstraint(TEAM_SCHEMAS.invite),
    role: getZodConstraint(TEAM_SCHEMAS.role),
  };
  return withFlash(request, {
    team,
    me: { userId: me.userId, timeZone: me.account.timeZone },
    constraints,
    // A fresh key per page answer: the invitation form sent twice sends one invitation.
    idempotencyKey: crypto.randomUUID(),
    title: t("console.team"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

const FLASH: Record<TeamIntent, string> = {
  invite: "console.invited",
  role: "console.roleChanged",
  remove: "console.removed",
  resend: "console.invitationResent",
  cancelInvitation: "console.invitationCancelled",
};

/** Each form posts here with its intent; each is one call to the console API. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api } = await requireConsoleAbility(request, "manageTeam");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isTeamIntent(intent)) throw data("Choose one of the page's forms.", { status: 400 });
  const submission = parseWithZod(formData, { schema: TEAM_SCHEMAS[intent] });
  // A member's or an invitation's row has its own forms: the result goes to that row's.
  const formId = rowIntent(intent, formData.get(intent === "role" || intent === "remove" ? "userId" : "invitationId"));
  if (submission.status !== "success") return formResult(submission.reply(), { intent: formId });
  const value = submission.value as z.output<(typeof TEAM_SCHEMAS)[TeamIntent]>;
  try {
    switch (value.intent) {
      case "invite":
        await api.call("operatorInviteMember", {
          headers: { "Idempotency-Key": value.idempotencyKey },
          body: { email: value.email, role: value.role },
        });
        break;
      case "role":
        await api.call("operatorUpdateMember", { params: { userId: value.userId }, body: { role: value.role } });
        break;
      case "remove":
        await api.call("operatorRemoveMember", { params: { userId: value.userId } });
        break;
      case "resend":
        await api.call("operatorResendInvitation", { params: { invitationId: value.invitationId } });
        break;
      case "cancelInvitation":
        await api.call("operatorCancelInvitation", { params: { invitationId: value.invitationId } });
        break;
    }
  } catch (error) {
    return apiErrorResult(error, submission, {
      codes: { already_member: { field: "email" } },
      intent: formId,
    });
  }
  return redirect(PAGE, { headers: { "Set-Cookie": await setFlash(FLASH[intent]) } });
}

function rowIntent(intent: TeamIntent, rowId: FormDataEntryValue | null): string {
  return intent === "invite" ? intent : `${intent}:${typeof rowId === "string" ? rowId : ""}`;
}

/** The team: its members (role change, removal) and open invitations; the invite form. */
export default function TeamPage() {
  const { team, flash, me } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-ink">{t("console.team")}</h1>
      {flash ? <StatusMessage>{t(flash)}</StatusMessage> : null}
      <LabelledSection
        headingId="members-heading"
        heading={t("console.members")}
        headingClassName={HEADING}
        className="mt-6"
      >
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="members">
          {team.members.map((member) => (
            <MemberRow key={member.userId} member={member} self={member.userId === me.userId} />
          ))}
        </ul>
      </LabelledSection>
      {team.invitations.length ? (
        <LabelledSection
          headingId="invitations-heading"
          heading={t("console.openInvitations")}
          headingClassName={HEADING}
          className="mt-8"
        >
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="invitations">
            {team.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} timeZone={me.timeZone} />
            ))}
          </ul>
        </LabelledSection>
      ) : null}
      <LabelledSection
        headingId="invite-heading"
        heading={t("console.invite")}
        headingClassName={HEADING}
        className="mt-8 max-w-md rounded-xl border border-slate-200 p-4"
      >
        <InviteForm />
      </LabelledSection>
    </>
  );
}

const HEADING = "text-lg font-semibold text-brand-ink";

/** An invitation not accepted: to whom, as what, until when (or expired); send again, withdraw. */
function InvitationRow({ invitation, timeZone }: { invitation: OperatorInvitation; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const values = {
    email: invitation.email,
    role: t(`console.role_${invitation.role}`),
    date: formatDateTime(invitation.expiresAt, { timeZone, locale: i18n.language }),
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-4 p-4 text-sm" data-testid="invitation">
      <p className="text-slate-800">
        {t(invitation.expired ? "console.invitationExpiredLine" : "console.invitationLine", values)}
      </p>
      <div className="flex flex-wrap gap-3">
        <RowAction
          intent="resend"
          row={{ name: "invitationId", value: invitation.id }}
          label={t("console.resend")}
          ariaLabel={t("console.resendTo", { email: invitation.email })}
        />
        <RowAction
          intent="cancelInvitation"
          row={{ name: "invitationId", value: invitation.id }}
          label={t("console.cancelInvitation")}
          ariaLabel={t("console.cancelInvitationTo", { email: invitation.email })}
          danger
        />
      </div>
    </li>
  );
}

/** One button posting an intent for one row (a member, an invitation); the API's refusal shows above it. */
function RowAction({
  intent,
  row,
  label,
  ariaLabel,
  danger = false,
}: {
  intent: "resend" | "cancelInvitation";
  row: { name: "userId" | "invitationId"; value: string };
  label: string;
  ariaLabel: string;
  danger?: boolean;
}) {
  const error = useFormResult(`${intent}:${row.value}`)?.error?.[""] ?? undefined;
  return (
    <Form method="post">
      <FormError errors={error} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={row.name} value={row.value} />
      <button
        type="submit"
        className={`rounded-md border px-3 py-2 text-sm font-medium ${danger ? "border-red-300 text-red-800" : "border-slate-300"}`}
        aria-label={ariaLabel}
      >
        {label}
      </button>
    </Form>
  );
}

/** A form of the page; a new `version` resets it (conform starts it again). */
function useTeamForm(intent: "invite" | "role", id: string, defaults: Record<string, string> = {}, version = "") {
  const { constraints } = useLoaderData<typeof loader>();
  const lastResult = useFormResult(id);
  return useForm({
    id: `team-${id.replace(":", "-")}${version}`,
    lastResult,
    defaultValue: defaults,
    constraint: constraints[intent],
    ...useFormValidation(
      () => import("~/features/console/team-schemas"),
      (schemas) => schemas.TEAM_SCHEMAS[intent],
    ),
  });
}

/** The role select: owner, manager or guide. */
function RoleSelect({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  const { t } = useTranslation();
  const options = OPERATOR_ROLES.map((role) => ({ value: role, label: t(`console.role_${role}`) }));
  return <SelectField field={field} label={label} options={options} />;
}

/**
 * The invitation form: its key is the page answer's, so sending it twice sends one invitation;
 * once the invitation is listed the form starts again, empty (formVersion), with JavaScript too.
 */
function InviteForm() {
  const { t } = useTranslation();
  const { idempotencyKey, team } = useLoaderData<typeof loader>();
  const version = formVersion(team.invitations.map((invitation) => invitation.id));
  const [form, fields] = useTeamForm("invite", "invite", { role: "manager" }, `-${version}`);
  const pending = useIsPending({ intent: "invite" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <FormError errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <TextField
        field={fields.email as FieldMetadata<string | undefined>}
        label={t("login.email")}
        type="email"
        autoComplete="off"
      />
      <RoleSelect field={fields.role as FieldMetadata<string | undefined>} label={t("console.role")} />
      <SubmitButton pending={pending} label={t("console.sendInvitation")} pendingLabel={t("login.saving")} />
    </Form>
  );
}

function MemberRow({ member, self }: { member: OperatorMember; self: boolean }) {
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
        <Form method="post" {...getFormProps(form)} className="flex items-end gap-2">
          <FormError errors={form.errors} id={form.errorId} />
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="userId" value={member.userId} />
          <RoleSelect
            field={fields.role as FieldMetadata<string | undefined>}
            label={t("console.roleOf", { who: member.email ?? member.userId })}
          />
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
            {t("console.changeRole")}
          </button>
        </Form>
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
  const error = useFormResult(`remove:${member.userId}`)?.error?.[""] ?? undefined;
  return (
    <details className="text-sm" open={error ? true : undefined}>
      <summary className="cursor-pointer rounded-md border border-red-300 px-3 py-2 font-medium text-red-800">
        {t("console.removeAsk")}
        <span className="sr-only"> {who}</span>
      </summary>
      <Form method="post" className="mt-2 max-w-xs space-y-2">
        <FormError errors={error} />
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="userId" value={member.userId} />
        <p className="text-slate-800">{t("console.removeConfirm", { who })}</p>
        <button type="submit" className="rounded-md bg-red-700 px-3 py-2 font-semibold text-white">
          {t("console.removeWho", { who })}
        </button>
      </Form>
    </details>
  );
}
