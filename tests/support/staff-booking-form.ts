import { randomUUID } from "node:crypto";

/** The desk's new-booking form as a browser posts it: two adults, a new guest, pay on arrival; `extra` adds or replaces fields. */
export function staffBookingForm(
  adultTicketTypeId: string,
  slotId: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    slotId,
    idempotencyKey: randomUUID(),
    "tickets[0].ticketTypeId": adultTicketTypeId,
    "tickets[0].quantity": "2",
    guestName: "Ana Ruiz",
    guestEmail: `ana-${randomUUID().slice(0, 6)}@example.com`,
    guestPhone: "(555) 123-4567",
    payment: "pay_on_arrival",
    ...extra,
  };
}
