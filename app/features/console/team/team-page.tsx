import type { ReactNode } from "react";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/platform/i18n-react";
import { DataTable } from "~/ui/data-table";
import { CardSection, LabelledSection } from "~/ui/labelled-section";
import { SettingForm } from "~/ui/setting-form";
import { useFormErrors } from "~/ui/use-form-result";
import { StatusMessage } from "~/ui/status-message";
import { InvitationRow } from "./invitation-row";
import { InviteForm } from "./invite-form";
import { MemberRow } from "./member-row";
import { RequireTwoStepForm } from "./require-two-step-form";
import type { TeamPageData } from "./team-data";

const HEADING = "text-lg font-semibold text-brand-ink";
const LIST = "mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200";

/**
 * The team: its members (role change, removal, whether they sign in in two steps and its reset)
 * and open invitations; the invite form; two-step sign-in for the whole team; the desk's setting.
 */
export function TeamPage() {
  const { team, flash, me, bookingSettings, requireTwoStep } = useLoaderData<TeamPageData>();
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
        <DataTable
          rows={team.members}
          empty=""
          className="mt-3"
          caption={t("console.membersCaption")}
          columns={[
            t("console.memberColumn"),
            t("console.role"),
            t("console.twoStep.column"),
            t("console.actionsColumn"),
          ]}
          alignFrom={[]}
          data-testid="members"
          row={(member) => <MemberRow key={member.userId} member={member} self={member.userId === me.userId} />}
        />
      </LabelledSection>
      {team.invitations.length ? (
        <TeamList id="invitations" heading={t("console.openInvitations")} className="mt-8">
          {team.invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} timeZone={me.timeZone} />
          ))}
        </TeamList>
      ) : null}
      <CardSection headingId="invite-heading" heading={t("console.invite")} className="mt-8 max-w-md">
        <InviteForm />
      </CardSection>
      <CardSection headingId="two-step-heading" heading={t("console.twoStep.heading")} className="mt-8 max-w-md">
        <RequireTwoStepForm required={requireTwoStep} />
      </CardSection>
      <CardSection headingId="desk-settings-heading" heading={t("console.deskSettings")} className="mt-8 max-w-md">
        <BookingSettingsForm guidesMayBook={bookingSettings.guidesMayBook} />
      </CardSection>
    </>
  );
}

/** Whether guides may take bookings at the desk (on the departures they lead). */
function BookingSettingsForm({ guidesMayBook }: { guidesMayBook: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingForm
      intent="bookingSettings"
      errors={useFormErrors("bookingSettings")}
      className="mt-3 space-y-3"
      setting={{
        id: "guides-may-book",
        name: "guidesMayBook",
        checked: guidesMayBook,
        label: t("console.guidesMayBook"),
        hint: t("console.guidesMayBookHint"),
      }}
      save={t("console.saveDeskSettings")}
      saving={t("console.saving")}
    />
  );
}

/** A titled list of the team (members, invitations): its heading `${id}-heading`, the list's test id `id`. */
function TeamList({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <LabelledSection headingId={`${id}-heading`} heading={heading} headingClassName={HEADING} className={className}>
      <ul className={LIST} data-testid={id}>
        {children}
      </ul>
    </LabelledSection>
  );
}
