import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~contract/errors";
import type { OperatorMovedDeparture } from "~contract/operator/moves";
import { withFlash } from "~/platform/flash.server";
import { idParam, requireParams, routeNotFound } from "~/platform/http.server";
import { requireConsolePage } from "./console.server";
import { intentAction } from "./intent-action.server";
import { MOVE_TARGET_REFUSALS, moveChoices } from "./move-choices.server";
import { MoveDepartureFormSchema } from "./move-schemas";

const params = { departureId: idParam };

/**
 * A departure's "Move all guests" page (owners and managers): the departure, the departures of its
 * service with room to move its guests to, and the two ways (move now, or offer each guest a choice).
 */
export async function loadMoveGuestsPage({ request, params: routeParams }: LoaderFunctionArgs) {
  const [{ departureId }, { api, t }] = await Promise.all([
    requireParams(request, routeParams, params),
    requireConsolePage(request, "manageCatalog"),
  ]);
  let detail;
  try {
    detail = await api.call("operatorGetDeparture", { params: { departureId } });
  } catch (error) {
    if (isApiError(error, "departure_not_found", "validation_error")) throw await routeNotFound(request);
    throw error;
  }
  const { experience, departure } = detail;
  const started = new Date(departure.startsAt) <= new Date();
  const choices =
    started || departure.status === "cancelled"
      ? []
      : await moveChoices(api, {
          experienceId: experience.id,
          serviceId: departure.serviceId,
          timezone: experience.timezone,
          except: departure.id,
          seats: 1,
        });
  return withFlash(request, {
    experience,
    departure,
    started,
    choices,
    // A fresh key per page view: the form sent twice moves the guests once.
    idempotencyKey: crypto.randomUUID(),
    title: t("desk.move.departureTitle"),
  });
}

/** What the page shows after the POST: what the API did (moved, not moved, offered). */
export interface MoveGuestsAnswer {
  outcome: OperatorMovedDeparture;
}

/** Moves (or offers to move) the departure's guests: one call of operatorMoveDeparture, its answer shown on the page. */
export const moveGuestsAction = (args: ActionFunctionArgs) =>
  intentAction(args, {
    ability: "manageCatalog",
    params,
    single: true,
    forms: { moveAll: MoveDepartureFormSchema },
    shown: {
      codes: MOVE_TARGET_REFUSALS,
    },
    async refusal(error, _submission, { request }) {
      if (isApiError(error, "departure_not_found")) throw await routeNotFound(request);
      return null;
    },
    async run(value, { api, params: { departureId } }) {
      const outcome = await api.call("operatorMoveDeparture", {
        params: { departureId },
        headers: { "Idempotency-Key": value.idempotencyKey },
        body: { toSlotId: value.toSlotId, mode: value.mode },
      });
      return { answer: data<MoveGuestsAnswer>({ outcome }) };
    },
  });
