import { randomId } from "../ids";

export const newBookingId = () => randomId("bk_");
