import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { setPickupPointsBody, type PickupPointInput } from "~contract/bookings/pickup-points";
import { orNotFound } from "~/platform/api-errors.server";
import { withFlash } from "~/platform/flash.server";
import { formResult } from "~/platform/form-result.server";
import { getZodConstraint } from "~/platform/form.server";
import { requireExperiencePage } from "./console.server";
import { catalogAction } from "./intent-action.server";
import { refusedFields } from "./list-refusal";
import {
  AddPickupPointSchema,
  EditPickupPointSchema,
  PickupRequiredSchema,
  RemovePickupPointSchema,
  pointFieldOf,
  pointOf,
} from "./pickup-point-schemas";

/** /console/experiences/:experienceId/pickup-points: where the experience collects its guests. */
export async function loadPickupPointsPage({ request, params }: LoaderFunctionArgs) {
  const { experienceId, api, t } = await requireExperiencePage(request, params);
  const page = await orNotFound(request, api.call("operatorPickupPoints", { params: { experienceId } }));
  return withFlash(request, {
    page,
    constraints: {
      add: getZodConstraint(AddPickupPointSchema),
      edit: getZodConstraint(EditPickupPointSchema),
    },
    title: t("pickupPoints.title", { title: page.experience.title }),
  });
}

/**
 * Whether a point is required, a point added at the end of the list, changed or removed: the whole
 * list is set again (operatorSetPickupPoints), judged first by THE contract's rules of a list so
 * that a refusal shows on the form's field.
 */
export const pickupPointsAction = (args: ActionFunctionArgs) =>
  catalogAction(args, {
    forms: {
      add: AddPickupPointSchema,
      edit: EditPickupPointSchema,
      remove: RemovePickupPointSchema,
      required: PickupRequiredSchema,
    },
    row: (intent) => (intent === "edit" || intent === "remove" ? "pickupPointId" : null),
    async run(value, { api, params, formId }, submission) {
      const { experienceId } = params;
      const current = await api.call("operatorPickupPoints", { params: { experienceId } });
      const kept: PickupPointInput[] = current.points;
      const set = (points: PickupPointInput[], required = current.required) =>
        api.call("operatorSetPickupPoints", { params: { experienceId }, body: { required, points } });
      if (value.intent === "required") {
        await set(kept, value.required === "on");
        return { flash: value.required === "on" ? "pickupPoints.nowRequired" : "pickupPoints.nowOptional" };
      }
      if (value.intent === "remove") {
        await set(kept.filter((point) => point.id !== value.pickupPointId));
        return { flash: "pickupPoints.removed" };
      }
      const refuse = (fieldErrors: Record<string, string[]>) => ({
        answer: formResult(submission.reply({ fieldErrors }), { intent: formId, status: 400 }),
      });
      const described = pointOf(value);
      if (described.missing) return refuse({ [described.missing]: ["pickupPoints.coordinatesBoth"] });
      const index = value.intent === "edit" ? kept.findIndex((point) => point.id === value.pickupPointId) : kept.length;
      if (index < 0) return refuse({ name: ["pickupPoints.gone"] });
      const points = [...kept];
      points[index] = value.intent === "edit" ? { ...described.point, id: value.pickupPointId } : described.point;
      const judged = setPickupPointsBody.safeParse({ required: current.required, points });
      if (!judged.success) return refuse(refusedFields(judged.error.issues, index, pointFieldOf, "name"));
      await set(points);
      return { flash: value.intent === "edit" ? "pickupPoints.changed" : "pickupPoints.added" };
    },
  });
