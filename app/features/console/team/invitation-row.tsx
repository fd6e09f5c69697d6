import { Form } from "@remix-run/react";
import type { OperatorInvitation } from "~contract/operator/team";
import { useTranslation } from "~/platform/i18n-react";
import { Button } from "~/ui/button";
import { formatDateTime } from "~/ui/date-format";
import { FormError } from "~/ui/form-parts";
import { useFormErrors } from "~/ui/use-form-result";

/** An invitation not accepted: to whom, as what, until when (or expired); send again, withdraw. */
export function InvitationRow({ invitation, timeZone }: { invitation: OperatorInvitation; timeZone: string }) {
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
        <InvitationAction
          intent="resend"
          invitationId={invitation.id}
          label={t("console.resend")}
          ariaLabel={t("console.resendTo", { email: invitation.email })}
        />
        <InvitationAction
          intent="cancelInvitation"
          invitationId={invitation.id}
          label={t("console.cancelInvitation")}
          ariaLabel={t("console.cancelInvitationTo", { email: invitation.email })}
          danger
        />
      </div>
    </li>
  );
}

/** One button posting an intent for one invitation; the API's refusal shows above it. */
function InvitationAction({
  intent,
  invitationId,
  label,
  ariaLabel,
  danger = false,
}: {
  intent: "resend" | "cancelInvitation";
  invitationId: string;
  label: string;
  ariaLabel: string;
  danger?: boolean;
}) {
  const error = useFormErrors(`${intent}:${invitationId}`);
  return (
    <Form method="post">
      <FormError errors={error} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="invitationId" value={invitationId} />
      <Button variant={danger ? "danger" : "secondary"} aria-label={ariaLabel}>
        {label}
      </Button>
    </Form>
  );
}
