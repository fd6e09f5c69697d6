import { z } from "zod";
import { count, minor } from "../output-parts";

/**
 * A service sold private (issue 46): the whole departure for up to `maxGuests` guests at
 * `priceMinor` (the group price, whatever the tickets); `only`: never by the seat. A departure can
 * be booked private while none of its seats is taken (its `seatsLeft` is its `capacity`).
 */
export const privateSaleOffer = z.object({ only: z.boolean(), priceMinor: minor, maxGuests: count });
export type PrivateSaleOffer = z.infer<typeof privateSaleOffer>;
