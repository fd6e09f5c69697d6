import { z } from "zod";
import { catalogId } from "./catalog";

/** POST /v1/user/checkout-visits: the signed-in caller reached the confirm page of this service. */
export const checkoutVisitBody = z.object({ serviceId: catalogId }).strict();
export type CheckoutVisitBody = z.infer<typeof checkoutVisitBody>;
