import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { loadAvailability, loadServiceDetail } from "~/features/catalog/service-detail.server";
import { todayIn } from "~/features/booking/availability";
import {
  isCompleteSelection,
  parseSelection,
  selectionQuery,
  selectionWithin,
} from "~/features/booking/booking-selection";
import { checkTicketChoice } from "~/features/booking/ticket-choice.server";
import { redirect } from "~/platform/redirect.server";
import { reviewPageParam } from "~/features/reviews/review-page";
import { apiFor } from "~/platform/api.server";
import { idParam, requireParams } from "~/platform/http.server";

/**
 * The experience, this option, its availability and a page of reviews; the widget's "Continue"
 * (a GET) goes on to the confirm step or back with the reason.
 */
export async function loadExperienceDetails({ request, params }: LoaderFunctionArgs) {
  const { parentId, serviceId } = await requireParams(request, params, { parentId: idParam, serviceId: idParam });
  // The service and its availability are asked for at once (an unknown service is told by the first).
  const pending = loadAvailability(request, parentId, serviceId);
  pending.catch(() => undefined);
  const query = new URL(request.url).searchParams;
  const reviewsPage = reviewPageParam(query);
  const pendingReviews = apiFor(request).call("reviews", { params: { parentId }, query: { page: reviewsPage } });
  pendingReviews.catch(() => undefined);
  const detail = await loadServiceDetail(request, params);
  const [availability, reviews] = await Promise.all([pending, pendingReviews]);
  const ticketTypeIds = detail.service.ticketTypes.map((type) => type.id);
  // A day outside the bookable window (past, too far, closed; e.g. from a catalog search) selects nothing.
  const { selection, seatsLeft, privateTaken } = selectionWithin(
    parseSelection(query, ticketTypeIds),
    availability,
    detail.service.privateSale,
  );
  const tickets = checkTicketChoice(query, ticketTypeIds, seatsLeft);
  // A private booking of a departure that has guests already: said as such, not as seats.
  let refusal = privateTaken ? { key: "details.privateTaken" } : tickets.refusal;
  if (query.get("intent") === "continue") {
    // The widget's "Continue" (a GET form, with or without JavaScript): on to the confirm step,
    // or back to the widget saying why not.
    refusal ??= selection.slotId === null ? { key: "details.chooseTime" } : null;
    if (!refusal && isCompleteSelection(selection)) {
      throw redirect(`/experiences/${detail.experience.id}/${detail.service.id}/confirm?${selectionQuery(selection)}`);
    }
  }
  // "Today" comes from the server so the calendar shows the same month on both sides.
  const today = todayIn(availability.timezone);
  return data(
    { ...detail, availability, selection, quantities: tickets.quantities, refusal, today, reviews },
    { status: refusal && query.get("intent") === "continue" ? 400 : 200 },
  );
}
