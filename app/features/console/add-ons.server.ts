import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { setAddOnsBody, type AddOnInput } from "~contract/bookings/add-ons";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireExperiencePage } from "./console.server";
import { catalogAction } from "./intent-action.server";
import { refusedFields } from "./list-refusal";
import { AddAddOnSchema, RemoveAddOnSchema, addOnFieldOf, addOnOf } from "./add-on-schemas";

/** /console/experiences/:experienceId/add-ons: what the experience sells beside its tickets. */
export async function loadAddOnsPage({ request, params }: LoaderFunctionArgs) {
  const { experienceId, api, t } = await requireExperiencePage(request, params);
  const page = await orNotFound(request, api.call("operatorGetAddOns", { params: { experienceId } }));
  return withFlash(request, {
    page,
    constraints: { add: getZodConstraint(AddAddOnSchema), remove: getZodConstraint(RemoveAddOnSchema) },
    title: t("addOns.title", { title: page.experience.title }),
  });
}

/** Adds an add-on at the end of the list, or removes one: the whole list is set again (operatorSetAddOns). */
export const addOnsAction = (args: ActionFunctionArgs) =>
  catalogAction(args, {
    forms: { add: AddAddOnSchema, remove: RemoveAddOnSchema },
    row: (intent) => (intent === "remove" ? "addOnId" : null),
    async run(value, { api, params }, submission) {
      const { experienceId } = params;
      const current = await api.call("operatorGetAddOns", { params: { experienceId } });
      const kept: AddOnInput[] = current.addOns;
      const set = (addOns: AddOnInput[]) =>
        api.call("operatorSetAddOns", { params: { experienceId }, body: { addOns } });
      if (value.intent === "remove") {
        await set(kept.filter((addOn) => addOn.id !== value.addOnId));
        return { flash: "addOns.removed" };
      }
      const refuse = (fieldErrors: Record<string, string[]>) => ({
        answer: formResult(submission.reply({ fieldErrors }), { intent: "add", status: 400 }),
      });
      const added = addOnOf(value, current.currency);
      if (!added) return refuse({ price: ["addOns.priceFormat"] });
      const addOns = [...kept, added];
      // THE contract's rules of a list, judged here first so that a refusal shows on this form's field.
      const judged = setAddOnsBody.safeParse({ addOns });
      if (!judged.success) return refuse(refusedFields(judged.error.issues, kept.length, addOnFieldOf, "name"));
      await set(addOns);
      return { flash: "addOns.added" };
    },
  });
