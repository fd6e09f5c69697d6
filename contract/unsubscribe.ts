import { z } from "zod";
import type { NotificationCategory } from "./preference-values";

export const unsubscribeParams = z.object({ token: z.string().max(300, "Not a valid link.") });

/** GET and POST /v1/unsubscribe/{token} */
export interface UnsubscribeView {
  category: NotificationCategory;
  /** The address, masked: a•••@example.com */
  email: string;
  /** Whether emails of this category still go out. */
  subscribed: boolean;
}
