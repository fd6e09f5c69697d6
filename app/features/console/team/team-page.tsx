import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { LabelledSection } from "~/ui/labelled-section";
import { StatusMessage } from "~/ui/status-message";
import { InvitationRow } from "./invitation-row";
import { InviteForm } from "./invite-form";
import { MemberRow } from "./member-row";
import type { TeamPageData } from "./team-data";

const HEADING = "text-lg font-semibold text-brand-ink";
const LIST = "mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200";

/** The team: its members (role change, removal) and open invitations; the invite form. */
export function TeamPage() {
  const { team, flash, me } = useLoaderData<TeamPageData>();
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
        <ul className={LIST} data-testid="members">
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
          <ul className={LIST} data-testid="invitations">
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
