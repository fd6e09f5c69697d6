import type { getZodConstraint } from "@conform-to/zod";
import type { OperatorTeam } from "~contract/operator/team";

/** The Team page's data, as its loader gives it (and the page's parts read it). */
export interface TeamPageData {
  team: OperatorTeam;
  /** The desk's settings (operatorBookingSettings): whether guides may take bookings. */
  bookingSettings: { guidesMayBook: boolean };
  me: { userId: string; timeZone: string };
  /** The owner requires two-step sign-in of every member (operatorMe). */
  requireTwoStep: boolean;
  constraints: { invite: ReturnType<typeof getZodConstraint>; role: ReturnType<typeof getZodConstraint> };
  /** A fresh key per page answer: the invitation form sent twice sends one invitation. */
  idempotencyKey: string;
  title: string;
  flash: string | null;
}
