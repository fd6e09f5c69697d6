import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TEAM_SCHEMAS } from "~/features/console/console-forms.server";
import { requireConsolePage } from "~/features/console/console.server";
import { intentAction } from "~/features/console/intent-action.server";
import type { TeamPageData } from "~/features/console/team/team-data";
import { TeamPage } from "~/features/console/team/team-page";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { passHeaders } from "~/platform/http.server";
import { pageMeta } from "~/ui/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, me, t } = await requireConsolePage(request, "manageTeam");
  const page: Omit<TeamPageData, "flash"> = {
    team: await api.call("operatorListMembers"),
    bookingSettings: await api.call("operatorBookingSettings"),
    me: { userId: me.userId, timeZone: me.account.timeZone },
    requireTwoStep: me.requireTwoStep,
    constraints: { invite: getZodConstraint(TEAM_SCHEMAS.invite), role: getZodConstraint(TEAM_SCHEMAS.role) },
    idempotencyKey: crypto.randomUUID(),
    title: t("console.team"),
  };
  return withFlash(request, page);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

// A 429 (apiErrorResult) keeps its Retry-After on the page.
export const headers = passHeaders;

/** Each form posts here with its intent; each is one call to the console API. */
export const action = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageTeam",
    forms: TEAM_SCHEMAS,
    // A member's or an invitation's row has its own forms: the result goes to that row's.
    row: (intent) =>
      intent === "invite" || intent === "bookingSettings" || intent === "requireTwoStep"
        ? null
        : intent === "role" || intent === "remove" || intent === "resetTwoStep"
          ? "userId"
          : "invitationId",
    shown: {
      codes: {
        already_member: { field: "email" },
        // Turning it on without a second factor of one's own: the form says so, with the way to enrol.
        second_factor_required: { key: "console.twoStep.ownerNeedsFactor" },
      },
    },
    async run(value, { api }) {
      switch (value.intent) {
        case "invite":
          await api.call("operatorInviteMember", {
            headers: { "Idempotency-Key": value.idempotencyKey },
            body: { email: value.email, role: value.role },
          });
          return { flash: "console.invited" };
        case "role":
          await api.call("operatorUpdateMember", { params: { userId: value.userId }, body: { role: value.role } });
          return { flash: "console.roleChanged" };
        case "remove":
          await api.call("operatorRemoveMember", { params: { userId: value.userId } });
          return { flash: "console.removed" };
        case "resend":
          await api.call("operatorResendInvitation", { params: { invitationId: value.invitationId } });
          return { flash: "console.invitationResent" };
        case "cancelInvitation":
          await api.call("operatorCancelInvitation", { params: { invitationId: value.invitationId } });
          return { flash: "console.invitationCancelled" };
        case "bookingSettings":
          await api.call("operatorUpdateBookingSettings", { body: { guidesMayBook: value.guidesMayBook === "on" } });
          return { flash: "console.bookingSettingsSaved" };
        case "requireTwoStep": {
          const { requireTwoStep } = await api.call("operatorRequireTwoStep", {
            body: { required: value.required === "on" },
          });
          return { flash: requireTwoStep ? "console.twoStep.requiredOn" : "console.twoStep.requiredOff" };
        }
        case "resetTwoStep":
          await api.call("operatorResetMemberSecondFactor", { params: { userId: value.userId } });
          return { flash: "console.twoStep.resetDone" };
      }
    },
  });

export default TeamPage;
