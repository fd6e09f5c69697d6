import { apiFor } from "~/platform/api.server";
import { orNone } from "~/platform/api-errors.server";
import { isCompleteSelection, parseSelection, selectionQuery } from "~/features/booking/booking-selection";
import { promoFor, quoteBooking } from "~/features/booking/booking.server";
import { funnelSteps, type BookingSummaryData } from "~/features/booking/funnel-steps";

const CONFIRM_PATH = /^\/experiences\/([A-Za-z0-9_-]{1,128})\/([A-Za-z0-9_-]{1,128})\/confirm$/;

/**
 * What is being booked, for the funnel's pages (sign-in, profile, waiver): read from the page the
 * visitor goes back to (`redirectUrl`, the pay page with the selection in its query). Null when
 * that is not a booking, or the booking cannot be priced any more (the pay page then says why):
 * a sign-in page never fails because of where it leads.
 */
export async function bookingFunnel(
  request: Request,
  redirectUrl: string,
  token?: string,
): Promise<BookingSummaryData | null> {
  const target = new URL(redirectUrl, "http://localhost");
  const match = CONFIRM_PATH.exec(target.pathname);
  if (!match) return null;
  const [, parentId, serviceId] = match;
  const selection = parseSelection(target.searchParams);
  if (!isCompleteSelection(selection)) return null;
  const promoCode = await promoFor(request, target.searchParams);
  const [detail, quote] = await Promise.all([
    orNone(apiFor(request).call("service", { params: { parentId, serviceId } })),
    quoteBooking(
      request,
      { serviceId, slotId: selection.slotId, tickets: selection.tickets, promoCode: promoCode || undefined },
      token,
    ),
  ]);
  if (!detail || !quote) return null;
  const query = selectionQuery(selection);
  return {
    title: detail.experience.title,
    option: detail.service.name,
    startsAt: quote.startsAt,
    timezone: quote.timezone,
    tickets: quote.breakdown.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
    totalMinor: quote.breakdown.totalMinor,
    currency: quote.currency,
    changeUrl: `/experiences/${parentId}/${serviceId}?${query}#book`,
    steps: funnelSteps(detail.experience.operator),
  };
}
