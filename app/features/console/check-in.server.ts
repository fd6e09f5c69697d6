import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { CheckInAnswer } from "~contract/operator/check-in";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import type { FormResult } from "~/platform/form-result";
import { CHECK_IN_SCHEMAS } from "./console-forms.server";
import { requireConsolePage, type ConsoleCaller } from "./console.server";
import { intentAction } from "./intent-action.server";

/**
 * Check-in by ticket code (every member): a fresh idempotency key per page view, so a form sent
 * twice is one scan; for owner and manager, the "require check-in" setting.
 */
export async function loadCheckInPage({ request }: LoaderFunctionArgs) {
  const { api, me, t } = await requireConsolePage(request, "runDay");
  const canManage = me.role !== "guide";
  const settings = canManage ? await api.call("operatorCheckInSettings") : null;
  return withFlash(request, {
    idempotencyKey: crypto.randomUUID(),
    settings,
    timeZone: me.account.timeZone,
    constraints: { scan: getZodConstraint(CHECK_IN_SCHEMAS.scan) },
    title: t("tickets.pageTitle"),
  });
}

/** What a scan answers the page: the API's answer (its outcome is shown; errors are the form's). */
export interface ScanResult extends FormResult {
  answer: CheckInAnswer;
  code: string;
}

/** The scan answers the page with the API's answer; the setting (not a guide's) goes back with a flash. */
export const checkInAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "runDay",
    forms: {
      scan: CHECK_IN_SCHEMAS.scan,
      settings: ({ me }: ConsoleCaller) => {
        if (me.role === "guide") throw data("Forbidden", { status: 403 });
        return CHECK_IN_SCHEMAS.settings;
      },
    },
    async run(value, { api }, submission) {
      if (value.intent === "settings") {
        const { requireCheckIn, rescheduleRefunds, cancellationCutoffHours } = value;
        await api.call("operatorUpdateCheckInSettings", {
          body: { requireCheckIn, rescheduleRefunds, cancellationCutoffHours },
        });
        return { flash: "tickets.settingsSaved" };
      }
      const { code, idempotencyKey, guests } = value;
      const answer = await api.call("operatorCheckIn", {
        body: { code, idempotencyKey, ...(guests === undefined ? {} : { guests }) },
      });
      const result: ScanResult = { result: submission.reply({ resetForm: true }), intent: value.intent, answer, code };
      return { answer: data(result) };
    },
  });
