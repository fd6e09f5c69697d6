/**
 * Every action the operators' audit log records, with the keys of its record (`?`: only there
 * when it applies). `writeAudit` (api/audit/log.ts) takes only these, so a new kind of action is
 * added here first; the console says each of them in words (app/locales: `auditLog.action.*`),
 * and tests/routes/console-audit-log.test.ts fails for one without its sentence.
 *
 * Ids name what the API resolves when it reads the log (names change: the log shows today's);
 * amounts, texts and figures are kept as they were (a snapshot of the change).
 */
export const AUDIT_ACTIONS = {
  "member.invited": ["invitationId", "email", "role"],
  "invitation.resent": ["invitationId", "email", "role"],
  "invitation.cancelled": ["invitationId", "email", "role"],
  "invitation.accepted": ["invitationId", "email", "role"],
  "member.role_changed": ["userId", "email", "from", "to"],
  "member.removed": ["userId", "email", "role"],
  /** requireTwoStep: "true" (every member needs a second factor) or "false". */
  "two_step.settings_updated": ["requireTwoStep"],
  /** The member's authenticator app, passkeys and recovery codes were removed by an owner (issue 43). */
  "member.second_factor_reset": ["userId", "email"],
  /** timezone: the zone it was created in (asked, or found from its meeting point). */
  "experience.created": ["experienceId", "title", "timezone?"],
  /** fields: the names of the fields changed, comma-separated. */
  "experience.updated": ["experienceId", "fields"],
  "experience.published": ["experienceId"],
  "experience.unpublished": ["experienceId"],
  /** before/after: the IANA zones; created/removed/kept: the departures the move re-materialised. */
  "experience.timezone_set": ["experienceId", "before", "after", "created", "removed", "kept"],
  /** before/after: the service's figures as JSON (name, description, durationMinutes, capacity, sortOrder). */
  "service.created": ["experienceId", "serviceId", "after"],
  "service.updated": ["serviceId", "before", "after", "departuresChanged"],
  "service.private_sale_set": ["serviceId", "before", "after", "currency"],
  /** before/after: the service's deposit settings as JSON (contract/bookings/deposit-rules.ts), null: none. */
  "service.deposit_set": ["serviceId", "before", "after"],
  "service.deleted": ["experienceId", "serviceId", "before", "futureDeparturesDeleted"],
  /** before/after: JSON lists of { code, name, priceMinor } in `currency`. */
  "ticket_types.set": ["serviceId", "before", "after", "currency"],
  /** before/after: the experience's booking questions as JSON lists (contract/bookings/questions.ts). */
  "booking_questions.set": ["experienceId", "before", "after"],
  /** before/after: the experience's add-ons on sale as JSON lists (contract/bookings/add-ons.ts), prices in `currency`. */
  "add_ons.set": ["experienceId", "before", "after", "currency"],
  /** before/after: the experience's pickup points as JSON ({ required, points }, contract/bookings/pickup-points.ts). */
  "pickup_points.set": ["experienceId", "before", "after"],
  /** A reseller added (issue 47): commissionBps in basis points; experiences: "all" or its ids, comma-separated. */
  "reseller.created": ["resellerId", "name", "contactEmail", "commissionBps", "experiences"],
  /** name: the reseller's; last4: the key's last 4 characters (its text is never kept). */
  "reseller_key.created": ["resellerId", "keyId", "name", "last4"],
  "reseller_key.revoked": ["resellerId", "keyId", "name", "last4"],
  /** A reseller's net rates set (all at once): count, how many ticket types have one; rates: "ticketTypeId=netMinor", comma-separated. */
  "reseller.net_rates_set": ["resellerId", "name", "count", "rates"],
  /** A webhook subscription (issue 47): its URL and events (comma-separated); its secret is never kept in the log. */
  "webhook.created": ["webhookId", "url", "events"],
  "webhook.secret_rotated": ["webhookId", "url"],
  /** A disabled subscription turned back on. */
  "webhook.enabled": ["webhookId", "url"],
  "webhook.deleted": ["webhookId", "url", "events"],
  /** "Send again": one more attempt of a delivery (eventId: its webhook-id). */
  "webhook.redelivered": ["webhookId", "url", "deliveryId", "eventId", "type"],
  /** A reseller's own OCTO subscription, made or deleted with its key (the row's actor: no user, the reseller's contact). */
  "reseller_webhook.created": ["webhookId", "url", "resellerId", "name"],
  "reseller_webhook.deleted": ["webhookId", "url", "resellerId", "name"],
  "photo.uploaded": ["experienceId", "photoId", "alt"],
  "photo.alt_changed": ["experienceId", "photoId", "alt"],
  "photo.made_cover": ["experienceId", "photoId", "position"],
  "photo.moved": ["experienceId", "photoId", "position"],
  "photo.reordered": ["experienceId", "order"],
  "photo.deleted": ["experienceId", "photoId", "alt"],
  "schedule.set": [
    "serviceId",
    "experienceId",
    "timezone",
    "rules",
    "blackouts",
    "salesCutoffMinutes",
    "created",
    "removed",
    "kept",
  ],
  "departure.created": ["departureId", "serviceId", "startsAt", "capacity"],
  /** capacity: "10 → 12"; status: "open → closed"; guideUserId: the new guide (null: none). */
  "departure.updated": ["departureId", "startsAt", "capacity?", "status?", "kept?", "guideUserId?"],
  "departure.kept": ["departureId", "startsAt", "capacity?", "status?", "kept?", "guideUserId?"],
  "departure.guide_assigned": ["departureId", "startsAt", "capacity?", "status?", "kept?", "guideUserId?"],
  "departure.cancelled": ["departureId", "startsAt", "bookings", "refunds"],
  "booking.refunded": ["bookingId", "refundId", "amountMinor", "currency", "releaseSeats", "reason"],
  /** guests: the guest numbers, comma-separated, or "all"; via: "code" (scanned) or "list" (the manifest). */
  "booking.checked_in": ["bookingId", "guests", "via"],
  "booking.no_show": ["bookingId", "guests", "via"],
  "booking.check_in_reset": ["bookingId", "guests", "via"],
  /** channels: "email", "sms" or "email, sms"; subject: as sent. */
  "booking.messaged": ["bookingId", "template", "subject", "channels"],
  /** email/sms: how many were written to on each; skipped: how many bookings were not written to at all. */
  "departure.messaged": ["departureId", "startsAt", "template", "subject", "email", "sms", "skipped"],
  /**
   * departureId/startsAt: the departure it left; toDepartureId/toStartsAt: the one it moved to (or,
   * difference "charge", is held on until the guest pays); difference: refund | charge | waive;
   * amountMinor: what was refunded, asked or waived.
   */
  "booking.moved": [
    "bookingId",
    "departureId",
    "startsAt",
    "toDepartureId",
    "toStartsAt",
    "difference",
    "amountMinor",
    "currency",
  ],
  /** moved/notMoved: how many bookings (the price difference waived for every one). */
  "departure.guests_moved": ["departureId", "startsAt", "toDepartureId", "toStartsAt", "moved", "notMoved"],
  /** offered: bookings emailed a link to choose; contactOnly: guests without an account, asked to call or reply. */
  "departure.move_offered": ["departureId", "startsAt", "toDepartureId", "toStartsAt", "offered", "contactOnly"],
  /** A booking the team took for a guest: payment (card_link, card_now, cash, pay_on_arrival, comp), the price and why. */
  "booking.created_by_staff": [
    "bookingId",
    "slotId",
    "guestEmail",
    "seats",
    "payment",
    "amountMinor",
    "currency",
    "priceReason?",
    "allowClosed?",
  ],
  /** The guest changed their answers to the booking's questions; before/after: the answers as JSON. */
  "booking.answers_changed": ["bookingId", "before", "after"],
  /** The money a booking owed (pay on arrival) was taken. */
  "booking.marked_paid": ["bookingId", "amountMinor", "currency"],
  "booking_settings.updated": ["guidesMayBook"],
  "check_in.settings_updated": ["requireCheckIn"],
  "reschedule.settings_updated": ["rescheduleRefunds"],
  "cancellation_policy.updated": ["cancellationCutoffHours"],
  /** fields: the draft's fields changed, comma-separated. */
  "branding.draft_updated": ["fields", "primaryColor?"],
  "branding.logo_uploaded": ["logoUrl"],
  "branding.logo_removed": ["logoUrl"],
  "branding.published": ["name", "primaryColor", "logoUrl"],
  /** email: the customer's (lower-cased); the note's text is kept with the note, not in the log. */
  "customer.note_added": ["email", "noteId"],
  /** The owner went to the payment provider's onboarding; created: "true" when it opened the account. */
  "payouts.onboarding_started": ["provider", "providerAccountId", "created"],
  /**
   * The owner's payout schedule as set (issue 45): interval daily | weekly | monthly, day (weekly:
   * 1 = Monday … 7; monthly: 1 to 28), amountMinor the minimum payout in `currency`, holdDays.
   */
  "payout_schedule.updated": ["interval", "day", "amountMinor", "currency", "holdDays"],
} as const satisfies Record<string, readonly string[]>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

type KeyOf<A extends AuditAction> = (typeof AUDIT_ACTIONS)[A][number];
type RequiredKey<K> = K extends `${string}?` ? never : K;
type OptionalKey<K> = K extends `${infer Name}?` ? Name : never;

/** The record of an action as its writer gives it (every value a string, or null). */
export type AuditTarget<A extends AuditAction> = A extends AuditAction
  ? { [K in RequiredKey<KeyOf<A>>]: string | null } & { [K in OptionalKey<KeyOf<A>>]?: string | null }
  : never;
