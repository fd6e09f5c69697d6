import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { CheckInAnswer } from "~contract/operator-check-in";
import { CHECK_IN_SCHEMAS, isCheckInIntent } from "./console-forms.server";
import { requireConsoleAbility } from "./console.server";
import { apiErrorResult } from "~/platform/api-errors.server";
import { setFlash, withFlash } from "~/platform/flash.server";
import { getZodConstraint, parseWithZod, readFormData } from "~/platform/form.server";
import { formResult } from "~/platform/form-result.server";
import { i18next } from "~/platform/i18next.server";
import { requireSameOrigin } from "~/platform/origin.server";
import { redirect } from "~/platform/redirect.server";
import type { FormResult } from "~/platform/form-result";

const PAGE = "/console/check-in";

/**
 * Check-in by ticket code (every member): a fresh idempotency key per page view, so a form sent
 * twice is one scan; for owner and manager, the "require check-in" setting.
 */
export async function loadCheckInPage({ request }: LoaderFunctionArgs) {
  const [{ api, me }, t] = await Promise.all([requireConsoleAbility(request, "runDay"), i18next.getFixedT(request)]);
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

export async function checkInAction({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { api, me } = await requireConsoleAbility(request, "runDay");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isCheckInIntent(intent)) throw data("Choose one of the page's forms.", { status: 400 });
  if (intent === "settings") {
    if (me.role === "guide") throw data("Forbidden", { status: 403 });
    const submission = parseWithZod(formData, { schema: CHECK_IN_SCHEMAS.settings });
    if (submission.status !== "success") return formResult(submission.reply(), { intent });
    try {
      await api.call("operatorUpdateCheckInSettings", {
        body: {
          requireCheckIn: submission.value.requireCheckIn,
          rescheduleRefunds: submission.value.rescheduleRefunds,
        },
      });
    } catch (error) {
      return apiErrorResult(error, submission, { intent });
    }
    return redirect(PAGE, { headers: { "Set-Cookie": await setFlash("tickets.settingsSaved") } });
  }
  const submission = parseWithZod(formData, { schema: CHECK_IN_SCHEMAS.scan });
  if (submission.status !== "success") return formResult(submission.reply(), { intent });
  const { code, idempotencyKey, guests } = submission.value;
  try {
    const answer = await api.call("operatorCheckIn", {
      body: { code, idempotencyKey, ...(guests === undefined ? {} : { guests }) },
    });
    const result: ScanResult = { result: submission.reply({ resetForm: true }), intent, answer, code };
    return data(result);
  } catch (error) {
    return apiErrorResult(error, submission, { intent });
  }
}
