import { z } from "zod";
import { catalogId } from "../catalog/requests";
import { quoteBody } from "./requests";

/**
 * POST /v1/user/checkout-visits: the signed-in caller reached the confirm page of this service,
 * with this departure and these tickets chosen (the reminder's link opens them again).
 */
export const checkoutVisitBody = z
  .object({ serviceId: catalogId })
  .merge(quoteBody.pick({ slotId: true, tickets: true }).partial())
  .strict();
export type CheckoutVisitBody = z.infer<typeof checkoutVisitBody>;
