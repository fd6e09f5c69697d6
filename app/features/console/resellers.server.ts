import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { toMinorUnits } from "~contract/money";
import { zonedParts } from "~contract/time-zones";
import { withFlash } from "~/platform/flash.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireConsolePage, type ConsoleCaller } from "./console.server";
import { intentAction } from "./intent-action.server";
import { AddResellerSchema, RESELLER_SCHEMAS } from "./reseller-schemas";
import type { NewKeyAnswer } from "./resellers/new-key";

/** Every experience of the operator, drafts included, as the add form offers them (each page of the list). */
async function experienceChoices(api: ConsoleCaller["api"]) {
  const first = await api.call("operatorListExperiences", { query: { page: "1" } });
  const pages = Array.from({ length: Math.max(first.totalPages - 1, 0) }, (_, index) => String(index + 2));
  const rest = await Promise.all(pages.map((page) => api.call("operatorListExperiences", { query: { page } })));
  return [first, ...rest].flatMap((list) => list.items.map(({ id, title, status }) => ({ id, title, status })));
}

/** This month (YYYY-MM) in the operator's zone: the statement form's month until changed. */
function currentMonthIn(zone: string): string {
  const { year, month } = zonedParts(new Date(), zone);
  return `${year}-${month}`;
}

/**
 * /console/resellers (owner, manager): the operator's resellers (OCTO channels), each with its
 * commission, what it may sell and its API keys; the form to add one; the OCTO address to give them.
 */
export async function loadResellersPage({ request }: LoaderFunctionArgs) {
  const { api, me, t } = await requireConsolePage(request, "manageResellers");
  const [{ resellers }, experiences] = await Promise.all([api.call("operatorListResellers"), experienceChoices(api)]);
  return withFlash(request, {
    resellers,
    experiences,
    timeZone: me.account.timeZone,
    currentMonth: currentMonthIn(me.account.timeZone),
    octoUrl: `${new URL(request.url).origin}/octo`,
    constraints: { add: getZodConstraint(AddResellerSchema) },
    title: t("resellers.title"),
  });
}

/**
 * Add a reseller (back with a flash); make an API key (the page answered with the key, this once:
 * never a redirect, never kept by the web); revoke one (asked first). Making and revoking a key
 * need a fresh sign-in or second step (the API's `reauth`): "Confirm it's you" (intentAction).
 */
export const resellersAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageResellers",
    forms: RESELLER_SCHEMAS,
    row: (intent) => (intent === "add" ? null : intent === "createKey" ? "resellerId" : "keyId"),
    async run(value, { api, formId }, submission) {
      switch (value.intent) {
        case "add":
          await api.call("operatorCreateReseller", {
            body: {
              name: value.name,
              contactEmail: value.contactEmail,
              commissionBps: toMinorUnits(value.commission, 2),
              experienceIds: value.sells === "all" ? null : (value.experienceIds ?? []),
            },
          });
          return { flash: "resellers.added" };
        case "createKey": {
          const made = await api.call("operatorCreateResellerKey", { params: { resellerId: value.resellerId } });
          const body: NewKeyAnswer = {
            intent: formId,
            result: submission.reply({ resetForm: true }),
            newKey: { resellerId: made.resellerId, key: made.key, last4: made.last4 },
          };
          return { answer: data(body) };
        }
        case "revokeKey":
          await api.call("operatorRevokeResellerKey", { params: { resellerId: value.resellerId, keyId: value.keyId } });
          return { flash: "resellers.revoked" };
      }
    },
  });
