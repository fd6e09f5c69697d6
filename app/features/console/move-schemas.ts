import { z } from "zod";
import { DEPARTURE_MOVE_MODES, MOVE_DIFFERENCES } from "~contract/operator/moves";

const departureId = z
  .string({ required_error: "desk.move.chooseDeparture" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "desk.move.chooseDeparture");

/** A fresh key per rendered form: sent twice (a double click, a second tab), one move. */
const idempotencyKey = z.string({ required_error: "desk.move.stale" }).uuid("desk.move.stale");

/** The console booking page's "Move to another departure" form (intent `move`). */
export const MoveBookingFormSchema = z.object({
  intent: z.literal("move"),
  toSlotId: departureId,
  difference: z
    .enum(MOVE_DIFFERENCES, { errorMap: () => ({ message: "desk.move.chooseDifference" }) })
    .default("refund"),
  idempotencyKey,
});

/** The departure's "Move all guests" form. */
export const MoveDepartureFormSchema = z.object({
  toSlotId: departureId,
  mode: z.enum(DEPARTURE_MOVE_MODES, { errorMap: () => ({ message: "desk.move.chooseMode" }) }),
  idempotencyKey,
});
