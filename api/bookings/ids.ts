import { randomBytes } from "node:crypto";

/** `<prefix>` followed by `length` URL-safe random characters (6 bits each). */
export function randomId(prefix: string, length = 16): string {
  return (
    prefix +
    randomBytes(Math.ceil((length * 3) / 4))
      .toString("base64url")
      .slice(0, length)
  );
}

export const newBookingId = () => randomId("bk_");
export const newNotificationId = () => randomId("nt_");
