import { withTenant } from "./accounts/tenant";
import { optionalAuth, requireAuth, requireFreshAuth } from "./auth/middleware";
import { provideRouteChecks } from "./http/register";
import { requireMember } from "./members/guard";
import { requirePlatformAdmin } from "./platform/admin-guard";
import { provideConsoleBookingView } from "./platform/find-booking";
import { operatorBooking } from "./operator/refunds";
import { applyPendingSessionRule, applyReauthRule } from "./two-step/policy";
import { bookingCheckoutExpired, bookingPaid, bookingPaymentFailed } from "./bookings/checkout-outcome";
import { onCheckoutCompleted, onCheckoutExpired, onCheckoutFailed } from "./payments/checkout-handlers";
import { tipPaid } from "./tips/service";
import { giftCardPaid } from "./gift-cards/purchase";
import { reschedulePaid, rescheduleUnpaid } from "./bookings/reschedule-payment";
import { balanceCheckoutPaid } from "./bookings/deposits";
import { onPayoutEvent } from "./payments/payout-events";
import { settlePayoutEvent } from "./payouts/events";

/**
 * Where the API's rooms meet, once, as the app is made (api/app.ts): a room lower down offers a
 * port, the rooms above it register here, so the lower one never imports them. Payments hands
 * each checkout's outcome to the room that opened the checkout; every route checks its caller and
 * tenant with auth's and accounts' middleware, and a console endpoint's member with the members room's guard (api/http/register.ts).
 * (The job runner plugs itself into the outbox when it starts: api/jobs/runner.ts.)
 */
export function wireRooms(): void {
  provideRouteChecks({
    caller: {
      optional: optionalAuth,
      user: requireAuth,
      freshUser: requireFreshAuth,
      platformAdmin: requirePlatformAdmin,
    },
    tenant: withTenant,
    member: requireMember,
    secondStep: { pending: applyPendingSessionRule, reauth: applyReauthRule },
  });
  // Support's booking lookup shows a booking as its operator's console does (issue 44).
  provideConsoleBookingView(operatorBooking);
  onCheckoutCompleted("booking", bookingPaid);
  onCheckoutFailed("booking", bookingPaymentFailed);
  onCheckoutExpired("booking", bookingCheckoutExpired);
  onCheckoutCompleted("tip", tipPaid);
  onCheckoutCompleted("gift_card", giftCardPaid);
  onCheckoutCompleted("reschedule", reschedulePaid);
  onCheckoutFailed("reschedule", rescheduleUnpaid);
  onCheckoutExpired("reschedule", rescheduleUnpaid);
  onCheckoutCompleted("balance", balanceCheckoutPaid);
  // The provider's payout events settle the payout engine's payouts (issue 45).
  onPayoutEvent(settlePayoutEvent);
}
